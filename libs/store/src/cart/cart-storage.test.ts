import { createPortalStore } from '../store';
import { selectCartCount } from '../hooks';
import { cartCleared, itemAdded, quantityUpdated } from './cart-slice';
import { CART_STORAGE_KEY, readStoredCart } from './cart-storage';

const essential = { packageId: 'pkg-essential', name: 'Essential Support', price: 1499 };
const store = (value: unknown) =>
  localStorage.setItem(CART_STORAGE_KEY, typeof value === 'string' ? value : JSON.stringify(value));
const stored = () => JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? 'null');

describe('the cart in localStorage', () => {
  beforeEach(() => localStorage.clear());

  it('is saved on every change and read back by the next page (reload, sign-in)', () => {
    const page = createPortalStore();
    page.dispatch(itemAdded(essential));
    page.dispatch(quantityUpdated({ packageId: 'pkg-essential', quantity: 3 }));
    expect(stored()).toEqual([{ ...essential, quantity: 3 }]);

    const nextPage = createPortalStore();
    expect(nextPage.getState().cart.items).toEqual([{ ...essential, quantity: 3 }]);
    expect(selectCartCount(nextPage.getState())).toBe(3);

    nextPage.dispatch(cartCleared());
    expect(localStorage.getItem(CART_STORAGE_KEY)).toBeNull();
  });

  it('reads corrupt storage as an empty cart', () => {
    for (const value of ['{not json', '"text"', '{"items":[]}', 'null', '42']) {
      store(value);
      expect(readStoredCart()).toEqual([]);
    }
  });

  it('drops tampered lines, clamps quantities to 1..100 and keeps one line per plan', () => {
    store([
      { ...essential, quantity: 1000 },
      { ...essential, packageId: 'pkg-essential', quantity: 2 },
      { packageId: 'pkg-growth', name: 'Growth', price: 10, quantity: 2.5, note: 'kept' },
      { packageId: '', name: 'No id', price: 10, quantity: 1 },
      { packageId: 'p1', name: 'Negative', price: -5, quantity: 1 },
      { packageId: 'p2', name: 'Text price', price: '10', quantity: 1 },
      { packageId: 'p3', name: 'Zero', price: 10, quantity: 0 },
      { packageId: 'p4', name: 'No quantity', price: 10, quantity: null },
      { packageId: 'p5', price: 10, quantity: 1 },
      null,
      ['array'],
      'string',
    ]);
    expect(readStoredCart()).toEqual([
      { ...essential, quantity: 100 },
      { packageId: 'pkg-growth', name: 'Growth', price: 10, quantity: 2, note: 'kept' },
    ]);
  });

  it('follows the cart changed in another tab', () => {
    const page = createPortalStore();
    store([{ ...essential, quantity: 2 }]);
    window.dispatchEvent(new StorageEvent('storage', { key: CART_STORAGE_KEY }));
    expect(page.getState().cart.items).toEqual([{ ...essential, quantity: 2 }]);

    localStorage.removeItem(CART_STORAGE_KEY);
    window.dispatchEvent(new StorageEvent('storage', { key: 'token' }));
    expect(page.getState().cart.items).toHaveLength(1);
    window.dispatchEvent(new StorageEvent('storage', { key: CART_STORAGE_KEY }));
    expect(page.getState().cart.items).toEqual([]);
  });

  it('keeps working in memory when storage is blocked', () => {
    const getItem = jest.spyOn(Storage.prototype, 'getItem').mockImplementation((key) => {
      if (key === CART_STORAGE_KEY) throw new DOMException('denied', 'SecurityError');
      return null;
    });
    const setItem = jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    const page = createPortalStore();
    page.dispatch(itemAdded(essential));
    expect(page.getState().cart.items).toHaveLength(1);
    getItem.mockRestore();
    setItem.mockRestore();
  });
});

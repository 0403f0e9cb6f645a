import { act, render, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createPortalStore } from '../store';
import { StoreProvider } from '../StoreProvider';
import { CartProvider, useCartContext } from './CartProvider';

const essential = { packageId: 'pkg-essential', name: 'Essential Support', price: 1499.99 };
const growth = { packageId: 'pkg-growth', name: 'Growth 24/7', price: 4999 };

function renderCart() {
  const store = createPortalStore();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <StoreProvider store={store}>
      <CartProvider>{children}</CartProvider>
    </StoreProvider>
  );
  const { result } = renderHook(() => useCartContext(), { wrapper });
  return { store, cart: result };
}

describe('CartProvider and useCartContext', () => {
  beforeEach(() => localStorage.clear());

  it('adds plans, recomputes the total and says which plan was added', () => {
    const { store, cart } = renderCart();
    act(() => cart.current.addItem(essential));
    act(() => cart.current.addItem(growth));
    act(() => cart.current.addItem(essential));
    expect(cart.current.items).toEqual([
      { ...essential, quantity: 2 },
      { ...growth, quantity: 1 },
    ]);
    expect(cart.current.total).toBe(7998.98);
    expect(store.getState().toast.current).toMatchObject({
      title: 'Added to cart',
      description: 'Essential Support is in your cart.',
    });
  });

  it('removes a plan with a toast and updates quantities without one', () => {
    const { store, cart } = renderCart();
    act(() => cart.current.addItem(essential));
    act(() => cart.current.addItem(growth));
    act(() => cart.current.updateQuantity('pkg-growth', 3));
    expect(cart.current.total).toBe(16496.99);
    expect(store.getState().toast.current?.title).toBe('Added to cart');
    act(() => cart.current.updateQuantity('pkg-growth', 0));
    expect(cart.current.items.map((item) => item.packageId)).toEqual(['pkg-essential']);
    act(() => cart.current.removeItem('pkg-essential'));
    expect(cart.current.items).toEqual([]);
    expect(cart.current.total).toBe(0);
    expect(store.getState().toast.current?.title).toBe('Removed from cart');
  });

  it('clears the cart with the spec toast', () => {
    const { store, cart } = renderCart();
    act(() => cart.current.addItem(essential));
    act(() => cart.current.clearCart());
    expect(cart.current.items).toEqual([]);
    expect(cart.current.total).toBe(0);
    expect(store.getState().toast.current).toMatchObject({
      title: 'Cart cleared',
      description: 'All items have been removed from your cart.',
    });
  });

  it('is a developer error outside its provider', () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    function Orphan() {
      useCartContext();
      return null;
    }
    expect(() => render(<Orphan />)).toThrow('useCartContext must be used within a CartProvider');
    jest.restoreAllMocks();
  });
});

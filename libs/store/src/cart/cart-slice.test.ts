import {
  cartCleared,
  cartCount,
  cartSlice,
  cartTotal,
  itemAdded,
  itemRemoved,
  quantityUpdated,
} from './cart-slice';
import { MAX_CART_LINES, MAX_CART_QUANTITY, type CartItem } from './cart-item';

const reduce = cartSlice.reducer;
const essential = { packageId: 'pkg-essential', name: 'Essential Support', price: 1499 };
const growth = { packageId: 'pkg-growth', name: 'Growth 24/7', price: 4999.99, tier: 'growth' };
const cartOf = (...items: CartItem[]) => ({ items });

describe('cart slice', () => {
  beforeEach(() => localStorage.clear());

  it('starts empty with a total of 0', () => {
    const state = reduce(undefined, { type: 'init' });
    expect(state.items).toEqual([]);
    expect(cartTotal(state.items)).toBe(0);
  });

  it('appends a new plan with quantity 1, keeping the fields the caller gave', () => {
    const state = reduce(cartOf({ ...essential, quantity: 1 }), itemAdded(growth));
    expect(state.items).toEqual([
      { ...essential, quantity: 1 },
      { ...growth, quantity: 1 },
    ]);
  });

  it('raises the quantity by 1 when the same plan is added again, up to the maximum', () => {
    let state = reduce(undefined, itemAdded(essential));
    state = reduce(state, itemAdded(essential));
    expect(state.items).toEqual([{ ...essential, quantity: 2 }]);
    state = reduce(cartOf({ ...essential, quantity: MAX_CART_QUANTITY }), itemAdded(essential));
    expect(state.items[0].quantity).toBe(MAX_CART_QUANTITY);
  });

  it('holds at most the number of lines an order may have', () => {
    const full = cartOf(
      ...Array.from({ length: MAX_CART_LINES }, (_, i) => ({
        ...essential,
        packageId: `p${i}`,
        quantity: 1,
      })),
    );
    expect(reduce(full, itemAdded(growth)).items).toHaveLength(MAX_CART_LINES);
  });

  it('removes a plan by packageId', () => {
    const state = reduce(
      cartOf({ ...essential, quantity: 2 }, { ...growth, quantity: 1 }),
      itemRemoved('pkg-essential'),
    );
    expect(state.items).toEqual([{ ...growth, quantity: 1 }]);
  });

  it('updates a quantity; 0 or below removes the plan; whole numbers up to the maximum', () => {
    const start = cartOf({ ...essential, quantity: 1 }, { ...growth, quantity: 1 });
    expect(reduce(start, quantityUpdated({ packageId: 'pkg-growth', quantity: 3 })).items[1].quantity).toBe(
      3,
    );
    expect(reduce(start, quantityUpdated({ packageId: 'pkg-growth', quantity: 2.7 })).items[1].quantity).toBe(
      2,
    );
    expect(reduce(start, quantityUpdated({ packageId: 'pkg-growth', quantity: 500 })).items[1].quantity).toBe(
      MAX_CART_QUANTITY,
    );
    expect(reduce(start, quantityUpdated({ packageId: 'pkg-growth', quantity: 0 })).items).toEqual([
      { ...essential, quantity: 1 },
    ]);
    expect(reduce(start, quantityUpdated({ packageId: 'pkg-essential', quantity: -4 })).items).toEqual([
      { ...growth, quantity: 1 },
    ]);
    expect(reduce(start, quantityUpdated({ packageId: 'pkg-growth', quantity: Number.NaN }))).toEqual(start);
    expect(reduce(start, quantityUpdated({ packageId: 'unknown', quantity: 4 }))).toEqual(start);
  });

  it('clears every item', () => {
    const state = reduce(cartOf({ ...essential, quantity: 2 }), cartCleared());
    expect(state.items).toEqual([]);
    expect(cartTotal(state.items)).toBe(0);
  });
});

describe('cartTotal and cartCount', () => {
  it('adds price × quantity in whole cents, without float drift', () => {
    const items = [
      { packageId: 'a', name: 'A', price: 0.1, quantity: 1 },
      { packageId: 'b', name: 'B', price: 0.2, quantity: 1 },
    ];
    expect(cartTotal(items)).toBe(0.3);
    expect(
      cartTotal([
        { ...essential, quantity: 3 },
        { ...growth, quantity: 2 },
      ]),
    ).toBe(14496.98);
    expect(cartTotal([{ packageId: 'c', name: 'C', price: 19.99, quantity: 100 }])).toBe(1999);
  });

  it('counts plans with their quantities', () => {
    expect(
      cartCount([
        { ...essential, quantity: 3 },
        { ...growth, quantity: 2 },
      ]),
    ).toBe(5);
    expect(cartCount([])).toBe(0);
  });
});

import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { clampQuantity, MAX_CART_LINES, type CartItem, type NewCartItem } from './cart-item';
import { readStoredCart } from './cart-storage';
import { tokenPresenceChanged } from '../session-slice';

export interface CartState {
  items: CartItem[];
}

export const cartSlice = createSlice({
  name: 'cart',
  initialState: (): CartState => ({ items: readStoredCart() }),
  reducers: {
    /** The same plan again raises its quantity by 1, a new plan is appended at 1. */
    itemAdded(state, { payload }: PayloadAction<NewCartItem>) {
      const line = state.items.find((item) => item.packageId === payload.packageId);
      if (line) line.quantity = clampQuantity(line.quantity + 1);
      else if (state.items.length < MAX_CART_LINES) state.items.push({ ...payload, quantity: 1 });
    },
    /** Takes the plan's line out of the cart. */
    itemRemoved(state, { payload }: PayloadAction<string>) {
      state.items = state.items.filter((item) => item.packageId !== payload);
    },
    /** 0 or below removes the line; a non-number changes nothing. */
    quantityUpdated(state, { payload }: PayloadAction<{ packageId: string; quantity: number }>) {
      if (Number.isNaN(payload.quantity)) return;
      const quantity = clampQuantity(payload.quantity);
      if (quantity < 1) state.items = state.items.filter((item) => item.packageId !== payload.packageId);
      else {
        const line = state.items.find((item) => item.packageId === payload.packageId);
        if (line) line.quantity = quantity;
      }
    },
    /** Empties the cart: Clear cart, and after an order is paid. */
    cartCleared(state) {
      state.items = [];
    },
    /** Another tab changed the stored cart. */
    cartReplaced(state, { payload }: PayloadAction<CartItem[]>) {
      state.items = payload;
    },
  },
  extraReducers: (builder) => {
    // Signed out (Sign Out, Logout, a revoked or expired session, or another tab): the next person
    // at a shared computer must not find the cart. Sign-in and reloads keep it.
    builder.addCase(tokenPresenceChanged, (state, { payload: hasToken }) => {
      if (!hasToken) state.items = [];
    });
  },
});

export const { itemAdded, itemRemoved, quantityUpdated, cartCleared, cartReplaced } = cartSlice.actions;

/** Σ price × quantity, added up in whole cents so no binary-float drift shows (0.1 + 0.2 is 0.3). */
export function cartTotal(items: readonly CartItem[]): number {
  return items.reduce((cents, item) => cents + Math.round(item.price * 100) * item.quantity, 0) / 100;
}

/** How many plans the cart holds, counting quantities (the header's badge). */
export const cartCount = (items: readonly CartItem[]): number =>
  items.reduce((count, item) => count + item.quantity, 0);

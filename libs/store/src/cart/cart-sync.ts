import { cartReplaced } from './cart-slice';
import type { CartItem } from './cart-item';
import { CART_STORAGE_KEY, readStoredCart, writeStoredCart } from './cart-storage';

interface CartStore {
  getState: () => { cart: { items: CartItem[] } };
  subscribe: (listener: () => void) => unknown;
  dispatch: (action: ReturnType<typeof cartReplaced>) => unknown;
}

/** Saves every change of the cart to localStorage and follows changes made in other tabs. */
export function syncCartWithStorage(store: CartStore): void {
  let saved = store.getState().cart.items;
  store.subscribe(() => {
    const { items } = store.getState().cart;
    if (items === saved) return;
    saved = items;
    writeStoredCart(items);
  });
  globalThis.addEventListener?.('storage', ({ key }: StorageEvent) => {
    if (key === CART_STORAGE_KEY || key === null) {
      saved = readStoredCart();
      store.dispatch(cartReplaced(saved));
    }
  });
}

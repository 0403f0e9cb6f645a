import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { useAppDispatch, useAppSelector } from '../hooks';
import { showToast } from '../toast-slice';
import type { CartItem, NewCartItem } from './cart-item';
import { cartCleared, cartTotal, itemAdded, itemRemoved, quantityUpdated } from './cart-slice';

/** The cart: items, their total and the four changes. */
export interface CartContextValue {
  items: CartItem[];
  /** Monthly total in dollars: Σ price × quantity. */
  total: number;
  addItem: (item: NewCartItem) => void;
  removeItem: (packageId: string) => void;
  updateQuantity: (packageId: string, quantity: number) => void;
  clearCart: () => void;
}

const CartContext = createContext<CartContextValue | null>(null);

/** Gives its tree the page's cart (kept in the one store, saved in localStorage) with the spec's toasts. */
export function CartProvider({ children }: { children: ReactNode }) {
  const dispatch = useAppDispatch();
  const items = useAppSelector((state) => state.cart.items);
  const value = useMemo<CartContextValue>(
    () => ({
      items,
      total: cartTotal(items),
      addItem: (item) => {
        dispatch(itemAdded(item));
        dispatch(
          showToast({
            title: 'Added to cart',
            description: `${item.name} is in your cart.`,
            severity: 'success',
          }),
        );
      },
      removeItem: (packageId) => {
        dispatch(itemRemoved(packageId));
        dispatch(showToast({ title: 'Removed from cart' }));
      },
      updateQuantity: (packageId, quantity) => dispatch(quantityUpdated({ packageId, quantity })),
      clearCart: () => {
        dispatch(cartCleared());
        dispatch(
          showToast({ title: 'Cart cleared', description: 'All items have been removed from your cart.' }),
        );
      },
    }),
    [dispatch, items],
  );
  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}

/** The cart inside a CartProvider; outside one it is a developer error. */
export function useCartContext(): CartContextValue {
  const cart = useContext(CartContext);
  if (!cart) throw new Error('useCartContext must be used within a CartProvider');
  return cart;
}

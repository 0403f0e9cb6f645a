import type { ComponentType } from 'react';
import { loadRemoteModule } from '../federation/remotes';

/** What the checkout remote's './cart' module gives the shell. */
export interface CartModalModule {
  CartModal: ComponentType<{ open: boolean; onClose: () => void }>;
}

let loading: Promise<CartModalModule> | null = null;

/** The Shopping Cart modal from the checkout remote, loaded once; a failure is forgotten so it can be retried. */
export function loadCartModal(): Promise<CartModalModule> {
  loading ??= loadRemoteModule<CartModalModule>('checkout/cart').catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

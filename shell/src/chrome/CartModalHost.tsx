import { useEffect, useState } from 'react';
import { showToast, useAppDispatch } from '@portal/store';
import { loadCartModal, type CartModalModule } from './cart-modal';

/** Starts loading the modal ahead of a click (pointer or focus on the cart button); errors wait for the click. */
export const preloadCartModal = (): void => void loadCartModal().catch(() => undefined);

export interface CartModalHostProps {
  open: boolean;
  onClose: () => void;
}

/**
 * Loaded with the first intent to open the cart (this module is a chunk of its own). Renders the
 * checkout section's Shopping Cart modal once it is open: its code comes from the
 * checkout remote on first use. When that remote cannot be loaded, a toast says so and the cart
 * button stays usable for another try.
 */
export default function CartModalHost({ open, onClose }: CartModalHostProps) {
  const dispatch = useAppDispatch();
  const [modal, setModal] = useState<CartModalModule | null>(null);

  useEffect(() => {
    if (!open || modal) return;
    let current = true;
    loadCartModal().then(
      (loaded) => current && setModal(loaded),
      (error: unknown) => {
        if (!current) return;
        console.error('[shell] the cart could not be loaded', error);
        dispatch(
          showToast({
            title: 'Your cart could not be opened',
            description: 'Check your connection and try again in a moment.',
            severity: 'error',
          }),
        );
        onClose();
      },
    );
    return () => {
      current = false;
    };
  }, [open, modal, dispatch, onClose]);

  if (!modal) return null;
  return <modal.CartModal open={open} onClose={onClose} />;
}

// The federated module './cart': the Shopping Cart modal, loaded by the shell's header on first use.
import { SectionRoot } from '@portal/ui';
import { CartProvider, StoreProvider } from '@portal/store';
import { CartDialog, type CartDialogProps } from './CartDialog';

export type CartModalProps = CartDialogProps;

/** The modal in the checkout section's own style cache, on the page's one store. */
export function CartModal(props: CartModalProps) {
  return (
    <SectionRoot name="checkout">
      <StoreProvider>
        <CartProvider>
          <CartDialog {...props} />
        </CartProvider>
      </StoreProvider>
    </SectionRoot>
  );
}

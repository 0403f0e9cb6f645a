import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CartProvider } from '@portal/store';
import { renderPage } from '@portal/web-testing';
import { CartDialog } from './CartDialog';
import { formatMoney } from './money';

const essential = { packageId: 'pkg-essential', name: 'Essential Support', price: 1499, quantity: 2 };
const growth = { packageId: 'pkg-growth', name: 'Growth 24/7', price: 4999.99, quantity: 1 };

function renderCart(items = [essential, growth]) {
  const onClose = jest.fn();
  const view = renderPage(
    <CartProvider>
      <CartDialog open onClose={onClose} />
    </CartProvider>,
    { route: '/pricing', state: { cart: { items } } },
  );
  return { onClose, ...view };
}

const line = (name: string) => within(screen.getByRole('listitem', { name }));

describe('Shopping Cart modal', () => {
  beforeEach(() => localStorage.clear());

  it('lists each plan with its monthly price and quantity, and the total per month', () => {
    renderCart();
    expect(screen.getByRole('dialog', { name: 'Shopping Cart' })).toBeInTheDocument();
    expect(line('Essential Support').getByText('$1,499.00 per month')).toBeInTheDocument();
    expect(line('Essential Support').getByLabelText('Quantity of Essential Support')).toHaveTextContent('2');
    expect(line('Growth 24/7').getByText('$4,999.99 per month')).toBeInTheDocument();
    expect(screen.getByText('Total per month')).toBeInTheDocument();
    expect(screen.getByTestId('cart-total')).toHaveTextContent('$7,997.99');
  });

  it('changes quantities with plus and minus, and removes a plan', async () => {
    const { store } = renderCart();
    await userEvent.click(screen.getByRole('button', { name: 'Increase quantity of Growth 24/7' }));
    expect(line('Growth 24/7').getByLabelText('Quantity of Growth 24/7')).toHaveTextContent('2');
    expect(screen.getByTestId('cart-total')).toHaveTextContent('$12,997.98');

    await userEvent.click(screen.getByRole('button', { name: 'Decrease quantity of Essential Support' }));
    expect(line('Essential Support').getByLabelText('Quantity of Essential Support')).toHaveTextContent('1');
    // At 1, minus takes the plan out (quantity 0 removes it).
    await userEvent.click(screen.getByRole('button', { name: 'Decrease quantity of Essential Support' }));
    expect(screen.queryByRole('listitem', { name: 'Essential Support' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Remove Growth 24/7 from cart' }));
    expect(store.getState().toast.current?.title).toBe('Removed from cart');
    expect(screen.getByText('Your cart is empty')).toBeInTheDocument();
  });

  it('keeps focus in the cart, on its title, when the focused button leaves with its line', async () => {
    renderCart();
    const title = screen.getByRole('heading', { name: 'Shopping Cart' });
    act(() => screen.getByRole('button', { name: 'Remove Growth 24/7 from cart' }).focus());
    await userEvent.keyboard('{Enter}');
    expect(title).toHaveFocus();

    act(() => screen.getByRole('button', { name: 'Decrease quantity of Essential Support' }).focus());
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Decrease quantity of Essential Support' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByText('Your cart is empty')).toBeInTheDocument();
    expect(title).toHaveFocus();
  });

  it('stops plus at the largest quantity an order allows', () => {
    renderCart([{ ...growth, quantity: 100 }]);
    expect(screen.getByRole('button', { name: 'Increase quantity of Growth 24/7' })).toBeDisabled();
  });

  it("'Proceed to Checkout' goes to /checkout and closes; 'Continue Shopping' closes", async () => {
    const { onClose } = renderCart();
    await userEvent.click(screen.getByRole('button', { name: 'Continue Shopping' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    const proceed = screen.getByRole('link', { name: 'Proceed to Checkout' });
    expect(proceed).toHaveAttribute('href', '/checkout');
    await userEvent.click(proceed);
    expect(window.location.pathname).toBe('/checkout');
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('clears the cart with the spec toast', async () => {
    const { store } = renderCart();
    await userEvent.click(screen.getByRole('button', { name: 'Clear cart' }));
    expect(screen.getByText('Your cart is empty')).toBeInTheDocument();
    expect(store.getState().toast.current).toMatchObject({
      title: 'Cart cleared',
      description: 'All items have been removed from your cart.',
    });
  });

  it("says 'Your cart is empty' with a way to pricing and no checkout", async () => {
    const { onClose } = renderCart([]);
    expect(screen.getByText('Your cart is empty')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Proceed to Checkout' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'View Pricing' }));
    expect(window.location.pathname).toBe('/pricing');
    expect(onClose).toHaveBeenCalled();
  });

  it('closes with Escape and from its labelled close button', async () => {
    const { onClose } = renderCart();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});

describe('formatMoney', () => {
  it('shows dollars to the cent', () => {
    expect(formatMoney(1499)).toBe('$1,499.00');
    expect(formatMoney(0.3)).toBe('$0.30');
  });

  it('offers no checkout to a member whose role does not pay: they ask an owner, admin or billing member', async () => {
    renderPage(
      <CartProvider>
        <CartDialog open onClose={jest.fn()} />
      </CartProvider>,
      {
        route: '/pricing',
        state: {
          cart: { items: [essential] },
          session: {
            hasToken: true,
            user: {
              id: '6f1c1d52-8a43-4f0e-9a51-3b7c1f0d2e11',
              name: 'Ann Lee',
              email: 'ann@example.com',
              role: 'customer',
              organizationId: null,
              organizationName: 'Lee Logistics',
              orgRole: 'member',
            },
            checking: false,
          },
        },
      },
    );
    expect(
      await screen.findByText(/As a Member of Lee Logistics you cannot pay for orders\./),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Proceed to Checkout' })).not.toBeInTheDocument();
  });
});

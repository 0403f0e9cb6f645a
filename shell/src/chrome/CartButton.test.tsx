import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderChrome } from './test-utils';
import { Header } from './Header';
import { loadCartModal, type CartModalModule } from './cart-modal';

jest.mock('./cart-modal', () => ({ loadCartModal: jest.fn() }));
const load = loadCartModal as jest.MockedFunction<typeof loadCartModal>;

const signedOut = { hasToken: false, user: null, checking: false };
const line = (packageId: string, quantity: number) => ({ packageId, name: packageId, price: 100, quantity });

/** Stands in for the checkout remote's './cart' module. */
const fakeModal: CartModalModule = {
  CartModal: ({ open, onClose }) =>
    open ? (
      <div role="dialog" aria-label="Shopping Cart">
        <button type="button" onClick={onClose}>
          Continue Shopping
        </button>
      </div>
    ) : null,
};

const renderHeader = (items: ReturnType<typeof line>[]) =>
  renderChrome(<Header pathname="/" />, { session: signedOut, cart: { items } });

describe('the header cart button', () => {
  beforeEach(() => {
    localStorage.clear();
    load.mockReset();
  });

  it('shows how many plans the cart holds, in its accessible name too', () => {
    const { store } = renderHeader([line('a', 2), line('b', 1)]);
    const button = screen.getByRole('button', { name: 'Shopping cart, 3 items' });
    expect(button).toHaveTextContent('3');
    act(() => {
      store.dispatch({ type: 'cart/quantityUpdated', payload: { packageId: 'a', quantity: 0 } });
    });
    expect(screen.getByRole('button', { name: 'Shopping cart, 1 item' })).toBeInTheDocument();
  });

  it('shows no number for an empty cart', () => {
    renderHeader([]);
    expect(screen.getByRole('button', { name: 'Shopping cart, 0 items' })).toHaveTextContent('');
  });

  it('opens the Shopping Cart modal from the checkout remote and closes it', async () => {
    load.mockResolvedValue(fakeModal);
    renderHeader([line('a', 1)]);
    const button = screen.getByRole('button', { name: 'Shopping cart, 1 item' });
    await userEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Shopping Cart' });
    expect(load).toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue Shopping' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('starts loading the modal when pointed at or focused', async () => {
    load.mockResolvedValue(fakeModal);
    renderHeader([]);
    await userEvent.hover(screen.getByRole('button', { name: 'Shopping cart, 0 items' }));
    expect(load).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says so when the checkout remote cannot be loaded, and tries again on the next click', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    load.mockRejectedValue(new Error('ScriptNetworkError'));
    const { store } = renderHeader([line('a', 1)]);
    const button = screen.getByRole('button', { name: 'Shopping cart, 1 item' });
    await userEvent.click(button);
    await waitFor(() =>
      expect(store.getState().toast.current).toMatchObject({
        title: 'Your cart could not be opened',
        severity: 'error',
      }),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    load.mockResolvedValue(fakeModal);
    await userEvent.click(button);
    expect(await screen.findByRole('dialog', { name: 'Shopping Cart' })).toBeInTheDocument();
    jest.restoreAllMocks();
  });

  it('is in the mobile menu too, which closes as the cart opens', async () => {
    load.mockResolvedValue(fakeModal);
    renderHeader([line('a', 2)]);
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = await screen.findByRole('presentation');
    await userEvent.click(within(menu).getByRole('button', { name: 'Shopping Cart (2)' }));
    expect(await screen.findByRole('dialog', { name: 'Shopping Cart' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  });
});

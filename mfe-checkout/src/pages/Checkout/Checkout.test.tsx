import { act, screen, within } from '@testing-library/react';
import { REDIRECT_DELAY_MS } from '@portal/ui';
import { CartProvider } from '@portal/store';
import userEvent from '@testing-library/user-event';
import {
  checkingSession,
  contactMessageCreated,
  renderPage,
  signedOut,
  stubFetch,
  customer as user,
} from '@portal/web-testing';
import Checkout from './Checkout';
import { loadCheckoutApi } from './checkout-api';

const page = (
  <CartProvider>
    <Checkout />
  </CartProvider>
);

describe('Checkout', () => {
  beforeAll(() => loadCheckoutApi());
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('asks a signed-out visitor to sign in, then sends them to /login after 1 second', async () => {
    jest.useFakeTimers();
    renderPage(page, { route: '/checkout', state: signedOut });
    expect(await screen.findByText('Authentication Required')).toBeInTheDocument();
    expect(screen.getByText('Please sign in to proceed with checkout.')).toBeInTheDocument();
    expect(document.title).toBe('Checkout | Millstone CX');
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex');

    act(() => jest.advanceTimersByTime(REDIRECT_DELAY_MS - 1));
    expect(window.location.pathname).toBe('/checkout');
    act(() => jest.advanceTimersByTime(1));
    expect(window.location.pathname + window.location.search).toBe('/login?redirect=/checkout');
    expect(REDIRECT_DELAY_MS).toBe(1000);
  });

  it('waits for the current-user call instead of sending a signed-in visitor away', async () => {
    jest.useFakeTimers();
    renderPage(page, { route: '/checkout', state: checkingSession });
    expect(await screen.findByLabelText('Loading page')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(REDIRECT_DELAY_MS * 2));
    expect(window.location.pathname).toBe('/checkout');
    expect(screen.queryByText('Authentication Required')).not.toBeInTheDocument();
  });

  it('counts a token whose user could not be loaded as signed out', async () => {
    renderPage(page, {
      route: '/checkout',
      state: { session: { hasToken: true, user: null, checking: false } },
    });
    expect(await screen.findByText('Authentication Required')).toBeInTheDocument();
  });

  it('shows the empty cart with a way to pricing when signed in', async () => {
    renderPage(page, {
      route: '/checkout',
      state: { session: { hasToken: true, user, checking: false } },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Your Cart is Empty' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View Pricing' })).toHaveAttribute('href', '/pricing');
  });

  it("shows 'Payment System Setup Required' without asking for a payment when no publishable key is configured", async () => {
    const calls = stubFetch({
      'GET /runtime-config.json': { status: 200, body: { scheduler: null, payments: null } },
    });
    renderPage(page, {
      route: '/checkout',
      state: {
        session: { hasToken: true, user, checking: false },
        cart: { items: [{ packageId: 'pkg-1', name: 'Essential Support', price: 1499, quantity: 1 }] },
      },
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Payment System Setup Required' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Contact Sales Team' })).toHaveAttribute('href', '/contact');
    expect(screen.getByRole('link', { name: 'Back to Pricing' })).toHaveAttribute('href', '/pricing');
    expect(calls.map(({ method, path }) => `${method} ${path}`)).toEqual(['GET /runtime-config.json']);
  });

  it('with payments off, shows the order summary and sends the cart to sales as a lead, then confirms and empties the cart', async () => {
    const calls = stubFetch({
      'GET /runtime-config.json': { status: 200, body: { scheduler: null, payments: null } },
      'POST /api/contact': contactMessageCreated,
    });
    const essential = {
      packageId: '1b0c5a8e-3d4f-4a6b-8c7d-9e0f1a2b3c4d',
      name: 'Essential Support',
      price: 1499,
      quantity: 2,
    };
    const ai = {
      packageId: '2c1d6b9f-4e5a-4b7c-9d8e-0f1a2b3c4d5e',
      name: 'AI Automation',
      price: 999.5,
      quantity: 1,
    };
    const userActions = userEvent.setup();
    const { store } = renderPage(page, {
      route: '/checkout',
      state: { session: { hasToken: true, user, checking: false }, cart: { items: [essential, ai] } },
    });
    await screen.findByRole('heading', { level: 1, name: 'Payment System Setup Required' });

    const summary = screen.getByRole('region', { name: 'Order summary' });
    expect(summary).toHaveTextContent('Essential Support2 × $1,499.00 per month$2,998.00');
    expect(summary).toHaveTextContent('AI Automation1 × $999.50 per month$999.50');
    expect(summary).toHaveTextContent('Total per month$3,997.50');

    const send = screen.getByRole('region', { name: 'Send your cart to our sales team' });
    expect(within(send).getByLabelText(/^First Name/)).toHaveValue('Ann');
    expect(within(send).getByLabelText(/^Last Name/)).toHaveValue('Lee');
    expect(within(send).getByLabelText(/^Email/)).toHaveValue('ann@example.com');
    await userActions.type(within(send).getByLabelText('Company (optional)'), 'Lee Logistics');
    await userActions.click(within(send).getByRole('button', { name: 'Send Cart to Sales' }));

    // The button pressed is gone: the confirmation's title takes the focus (and so comes into view).
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your cart is with our sales team' }),
    ).toHaveFocus();
    expect(calls.find(({ method }) => method === 'POST')?.body).toEqual({
      firstName: 'Ann',
      lastName: 'Lee',
      company: 'Lee Logistics',
      email: 'ann@example.com',
      message: expect.stringMatching(/\S/),
      website: '',
      cart: {
        items: [
          { packageId: essential.packageId, name: 'Essential Support', price: '1499.00', quantity: 2 },
          { packageId: ai.packageId, name: 'AI Automation', price: '999.50', quantity: 1 },
        ],
      },
    });
    // What was sent stays on screen; the cart itself is emptied so nothing is ordered twice.
    expect(screen.getByRole('region', { name: 'Order summary' })).toHaveTextContent(
      'Total per month$3,997.50',
    );
    expect(screen.getByText(/ann@example\.com/)).toBeInTheDocument();
    expect(store.getState().cart.items).toEqual([]);
  });

  describe('a member whose role does not pay', () => {
    it.each(['member', 'crm_manager'] as const)(
      'a %s is told to ask an owner, admin or billing member, and no payment is set up',
      async (orgRole) => {
        const calls = stubFetch({});
        renderPage(page, {
          route: '/checkout',
          state: {
            session: {
              hasToken: true,
              user: { ...user, organizationId: null, organizationName: 'Lee Logistics', orgRole },
              checking: false,
            },
            cart: {
              items: [{ packageId: 'pkg-essential', name: 'Essential Support', price: 1499, quantity: 1 }],
            },
          },
        });
        expect(
          await screen.findByRole('heading', { level: 1, name: 'Checkout is for your billing team' }),
        ).toBeInTheDocument();
        expect(
          screen.getByText(/Ask an owner, admin or billing member of your organization to check out\./),
        ).toBeInTheDocument();
        expect(calls).toEqual([]);
      },
    );
  });
});

import { act, screen } from '@testing-library/react';
import { REDIRECT_DELAY_MS } from '@portal/ui';
import { CartProvider } from '@portal/store';
import { checkingSession, renderPage, signedOut, stubFetch, customer as user } from '@portal/web-testing';
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
});

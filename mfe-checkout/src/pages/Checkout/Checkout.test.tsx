import { act, screen } from '@testing-library/react';
import { REDIRECT_DELAY_MS } from '@portal/ui';
import { renderPage } from '@portal/web-testing';
import Checkout from './Checkout';

describe('Checkout', () => {
  afterEach(() => jest.useRealTimers());

  it('asks a signed-out visitor to sign in, then sends them to /login after 1 second', async () => {
    jest.useFakeTimers();
    window.history.replaceState(null, '', '/checkout');
    renderPage(<Checkout />, { route: '/checkout', state: { session: { hasToken: false, user: null } } });
    expect(await screen.findByText('Authentication Required')).toBeInTheDocument();
    expect(screen.getByText('Please sign in to proceed with checkout.')).toBeInTheDocument();

    act(() => jest.advanceTimersByTime(REDIRECT_DELAY_MS - 1));
    expect(window.location.pathname).toBe('/checkout');
    act(() => jest.advanceTimersByTime(1));
    expect(window.location.pathname + window.location.search).toBe('/login?redirect=/checkout');
    expect(REDIRECT_DELAY_MS).toBe(1000);
  });

  it('shows the empty cart with a way to pricing when signed in', async () => {
    renderPage(<Checkout />, { route: '/checkout', state: { session: { hasToken: true, user: null } } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Your Cart is Empty' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View Pricing' })).toHaveAttribute('href', '/pricing');
  });
});

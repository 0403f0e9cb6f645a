import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { commerceMessages, type OrderStatus } from '@portal/contracts';
import { CartProvider } from '@portal/store';
import { renderPage, stubFetch, customer as user } from '@portal/web-testing';
import Checkout from './Checkout';
import { loadCheckoutApi } from './checkout-api';
import { cartSignature, idempotencyKeyFor } from './idempotency-key';
import { ORDER_PENDING_TIMEOUT_MS, ORDER_POLL_INTERVAL_MS, OrderConfirmation } from './OrderConfirmation';

const ORDER_ID = '3d2c1b0a-9f8e-4d7c-8b6a-5f4e3d2c1b0a';
const items = [
  { packageId: '11111111-1111-4111-8111-111111111111', name: 'Essential Support', price: 1499, quantity: 2 },
];
const order = (status: OrderStatus) => ({
  id: ORDER_ID,
  status,
  total: '2998.00',
  createdAt: '2026-11-23T10:00:00.000Z',
  updatedAt: '2026-11-23T10:00:05.000Z',
  items: [
    { id: 'a1', packageId: items[0].packageId, name: 'Essential Support', quantity: 2, price: '1499.00' },
  ],
});

/** Answers the order's status in turn (the last one from then on). */
function stubOrder(...statuses: OrderStatus[]) {
  let call = 0;
  return stubFetch({
    [`GET /api/user/orders/${ORDER_ID}`]: () => ({
      status: 200,
      body: order(statuses[Math.min(call++, statuses.length - 1)]),
    }),
  });
}

// Stripe's return_url brings these too; the order id is what the page reads.
const RETURN_ROUTE = `/checkout?order=${ORDER_ID}&payment_intent=pi_test_1&redirect_status=succeeded`;

const renderConfirmation = () =>
  renderPage(
    <CartProvider>
      <Checkout />
    </CartProvider>,
    { route: RETURN_ROUTE, state: { session: { hasToken: true, user, checking: false }, cart: { items } } },
  );

describe('Order confirmation', () => {
  beforeAll(() => loadCheckoutApi());
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    localStorage.setItem('token', 'tok-1');
  });
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('thanks the customer with the order id and total once the order is completed, and empties the cart', async () => {
    const keyBefore = idempotencyKeyFor(cartSignature(items));
    const calls = stubOrder('completed');
    const { store } = renderConfirmation();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Thank you for your order!' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('order-id')).toHaveTextContent(ORDER_ID);
    expect(screen.getByText('$2,998.00')).toBeInTheDocument();
    expect(store.getState().cart.items).toEqual([]);
    expect(store.getState().toast.current).toBeNull();
    expect(calls[0]).toMatchObject({ path: `/api/user/orders/${ORDER_ID}`, authorization: 'Bearer tok-1' });
    // Paying the same plans again is a new order.
    expect(idempotencyKeyFor(cartSignature(items))).not.toBe(keyBefore);
  });

  it('reads the order again while it is pending', async () => {
    const calls = stubOrder('pending', 'completed');
    renderConfirmation();
    expect(await screen.findByText('Confirming your payment...')).toBeInTheDocument();
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Thank you for your order!' },
        { timeout: ORDER_POLL_INTERVAL_MS * 3 },
      ),
    ).toBeInTheDocument();
    expect(calls).toHaveLength(2);
  });

  it('says a failed payment failed and offers to try again with the cart kept', async () => {
    stubOrder('failed');
    const { store } = renderConfirmation();
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment Failed' })).toBeInTheDocument();
    expect(store.getState().cart.items).toEqual(items);
    stubFetch({ 'GET /runtime-config.json': { status: 200, body: { scheduler: null, payments: null } } });
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(window.location.search).toBe('');
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
  });

  it('waits for the order to complete when the card was just paid after an earlier decline, never saying it failed', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    stubOrder('failed', 'failed', 'completed');
    renderPage(
      <CartProvider>
        <OrderConfirmation orderId={ORDER_ID} paymentTaken />
      </CartProvider>,
      {
        route: `/checkout?order=${ORDER_ID}`,
        state: { session: { hasToken: true, user, checking: false }, cart: { items } },
      },
    );
    expect(await screen.findByText('Confirming your payment...')).toBeInTheDocument();
    for (let poll = 0; poll < 2; poll += 1) {
      await act(() => jest.advanceTimersByTimeAsync(ORDER_POLL_INTERVAL_MS));
      expect(screen.queryByRole('heading', { level: 1, name: 'Payment Failed' })).not.toBeInTheDocument();
    }
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Thank you for your order!' }),
    ).toBeInTheDocument();
  });

  it('says a processing payment is processing, not thanks as if paid, keeping the cart and its order', async () => {
    const keyBefore = idempotencyKeyFor(cartSignature(items));
    stubOrder('processing');
    const { store } = renderConfirmation();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your payment is processing' }),
    ).toBeInTheDocument();
    expect(screen.getByText(commerceMessages.paymentProcessing)).toBeInTheDocument();
    expect(screen.queryByText('Thank you for your order!')).not.toBeInTheDocument();
    expect(store.getState().cart.items).toEqual(items);
    // Checking out this cart again finds the same order (answered 409 processing), not a new one.
    expect(idempotencyKeyFor(cartSignature(items))).toBe(keyBefore);
  });

  it('says a canceled order was canceled and charged nothing, and Check Out Again starts a new order', async () => {
    const keyBefore = idempotencyKeyFor(cartSignature(items));
    stubOrder('canceled');
    const { store } = renderConfirmation();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This order was canceled' }),
    ).toBeInTheDocument();
    expect(screen.getByText(commerceMessages.orderCanceled)).toBeInTheDocument();
    expect(screen.getByText('Nothing was charged. Your cart is still here.')).toBeInTheDocument();
    expect(store.getState().cart.items).toEqual(items);
    expect(idempotencyKeyFor(cartSignature(items))).not.toBe(keyBefore);

    stubFetch({ 'GET /runtime-config.json': { status: 200, body: { scheduler: null, payments: null } } });
    await userEvent.click(screen.getByRole('button', { name: 'Check Out Again' }));
    expect(window.location.search).toBe('');
  });

  it('stops reading the order once it is final', async () => {
    jest.useFakeTimers();
    const calls = stubOrder('failed');
    renderConfirmation();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(ORDER_POLL_INTERVAL_MS + 100);
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Payment Failed' })).toBeInTheDocument();
    expect(calls).toHaveLength(1);
  });

  it('stops waiting after 20 seconds and points to the dashboard', async () => {
    jest.useFakeTimers();
    stubOrder('pending');
    renderConfirmation();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(ORDER_PENDING_TIMEOUT_MS);
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Your payment is processing' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(ORDER_PENDING_TIMEOUT_MS).toBe(20_000);
  });

  it('says so when the order cannot be read', async () => {
    stubFetch({});
    renderConfirmation();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'We could not load your order' }),
    ).toBeInTheDocument();
  });
});

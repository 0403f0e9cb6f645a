import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadStripe } from '@stripe/stripe-js/pure';
import { commerceMessages } from '@portal/contracts';
import { fakeStripe } from '../../testing/fake-stripe';
import {
  essential,
  growth,
  INTENT,
  ORDER_ID,
  renderCheckout,
  stubCheckout,
} from '../../testing/checkout-page';
import { loadCheckoutApi } from './checkout-api';

jest.mock('@stripe/stripe-js/pure', () => ({ loadStripe: jest.fn() }));
const mockedLoadStripe = loadStripe as jest.MockedFunction<typeof loadStripe>;
const fake = fakeStripe();
mockedLoadStripe.mockResolvedValue(fake.asStripe);

/** Opens the checkout with a payment intent ready, waits for Pay to be enabled and presses it. */
async function pressPay() {
  stubCheckout([INTENT]);
  renderCheckout();
  const pay = await screen.findByRole('button', { name: 'Pay $7,997.99' });
  await waitFor(() => expect(pay).toBeEnabled());
  await userEvent.click(pay);
  return pay;
}

/** Setting up payment fails once with `status` (the error logged), then works: 'Payment Setup Failed'. */
async function failSetupOnce(status: number, message: string) {
  jest.spyOn(console, 'error').mockImplementation(() => {});
  const stub = stubCheckout([{ status, body: { statusCode: status, message } }, INTENT]);
  renderCheckout();
  expect(await screen.findByRole('heading', { level: 1, name: 'Payment Setup Failed' })).toBeInTheDocument();
  return stub;
}

describe('Checkout payment', () => {
  // RTK Query and the checkout endpoints arrive on first use; load them once so pages do not suspend.
  beforeAll(() => loadCheckoutApi());
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    localStorage.setItem('token', 'tok-1');
    fake.answer({});
  });
  afterEach(() => jest.restoreAllMocks());

  it("says 'Setting up secure payment...', then shows the summary and Stripe's Payment Element", async () => {
    const { calls } = stubCheckout([INTENT]);
    renderCheckout();
    expect(screen.getByText('Setting up secure payment...')).toBeInTheDocument();

    const summary = await screen.findByRole('region', { name: 'Order summary' });
    expect(summary).toHaveTextContent('Essential Support');
    expect(summary).toHaveTextContent('2 × $1,499.00 per month');
    expect(summary).toHaveTextContent('Growth 24/7');
    expect(summary).toHaveTextContent('1 × $4,999.99 per month');
    expect(screen.getByTestId('order-total')).toHaveTextContent('$7,997.99');

    const intent = calls.find((call) => call.path === '/api/create-payment-intent');
    expect(intent).toMatchObject({
      method: 'POST',
      authorization: 'Bearer tok-1',
      body: {
        items: [
          { packageId: essential.packageId, quantity: 2 },
          { packageId: growth.packageId, quantity: 1 },
        ],
      },
    });
    await waitFor(() => expect(fake.element.mount).toHaveBeenCalled());
    expect(mockedLoadStripe).toHaveBeenCalledWith('pk_test_51Fake');
    expect(fake.stripe.elements).toHaveBeenCalledWith(
      expect.objectContaining({ clientSecret: 'pi_test_1_secret_abc', appearance: expect.any(Object) }),
    );
    expect(fake.elements.create).toHaveBeenCalledWith('payment', expect.anything());
    expect(await screen.findByRole('button', { name: 'Pay $7,997.99' })).toBeEnabled();
  });

  it('pays: submits the element, confirms with the return URL, then shows the confirmation', async () => {
    await pressPay();
    await waitFor(() => expect(window.location.search).toBe(`?order=${ORDER_ID}`));
    expect(fake.elements.submit).toHaveBeenCalled();
    expect(fake.stripe.confirmPayment).toHaveBeenCalledWith({
      elements: fake.elements,
      clientSecret: 'pi_test_1_secret_abc',
      confirmParams: { return_url: `http://localhost/checkout?order=${ORDER_ID}` },
      redirect: 'if_required',
    });
    expect(fake.elements.submit.mock.invocationCallOrder[0]).toBeLessThan(
      fake.stripe.confirmPayment.mock.invocationCallOrder[0],
    );
    expect(await screen.findByText('Confirming your payment...')).toBeInTheDocument();
  });

  it("shows Stripe's errors inline and stays on the form", async () => {
    fake.answer({ confirmError: 'Your card was declined.' });
    const pay = await pressPay();
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card was declined.');
    expect(window.location.search).toBe('');
    expect(pay).toBeEnabled();
  });

  it('does not confirm when the Payment Element reports incomplete details', async () => {
    fake.answer({ submitError: 'Your card number is incomplete.' });
    await pressPay();
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card number is incomplete.');
    expect(fake.stripe.confirmPayment).not.toHaveBeenCalled();
  });

  it("shows 'Payment System Setup Required' when the payment service says payments are not configured", async () => {
    stubCheckout([
      { status: 503, body: { statusCode: 503, message: commerceMessages.paymentsNotConfigured } },
    ]);
    renderCheckout();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Payment System Setup Required' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Contact Sales Team' })).toHaveAttribute('href', '/contact');
    expect(screen.getByRole('link', { name: 'Back to Pricing' })).toHaveAttribute('href', '/pricing');
    expect(fake.stripe.elements).not.toHaveBeenCalled();
  });

  it("shows 'Payment Setup Failed', not 'Setup Required', while the payment service is unavailable", async () => {
    await failSetupOnce(503, 'Service commerce is unavailable');
    expect(screen.queryByRole('heading', { name: 'Payment System Setup Required' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('region', { name: 'Order summary' })).toBeInTheDocument();
  });

  it("shows 'Payment Setup Failed' on other errors, and Try Again asks once more with the same key", async () => {
    const { keys } = await failSetupOnce(500, 'Internal server error');
    expect(screen.getByText('Unable to initialize payment. Please try again.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('region', { name: 'Order summary' })).toBeInTheDocument();
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^checkout-[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it("adds the server's reason when it refuses the cart (400)", async () => {
    stubCheckout([{ status: 400, body: { statusCode: 400, message: 'This package is not available' } }]);
    renderCheckout();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Payment Setup Failed' }),
    ).toBeInTheDocument();
    expect(screen.getByText('This package is not available')).toBeInTheDocument();
  });

  it('keeps the Idempotency-Key across a reload and changes it when the cart changes', async () => {
    const { keys } = stubCheckout([INTENT]);
    const first = renderCheckout();
    await screen.findByRole('region', { name: 'Order summary' });
    first.unmount();

    // A reload: a new page with the same cart and the same tab.
    const reloaded = renderCheckout();
    await screen.findByRole('region', { name: 'Order summary' });
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);

    act(() => {
      reloaded.store.dispatch({
        type: 'cart/quantityUpdated',
        payload: { packageId: growth.packageId, quantity: 3 },
      });
    });
    await waitFor(() => expect(keys).toHaveLength(3));
    expect(keys[2]).not.toBe(keys[0]);
    await screen.findByRole('region', { name: 'Order summary' });
    expect(screen.getByTestId('order-total')).toHaveTextContent('$17,997.97');
  });
});

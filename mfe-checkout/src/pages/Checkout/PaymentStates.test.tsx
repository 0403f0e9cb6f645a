import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadStripe } from '@stripe/stripe-js/pure';
import { closedOrderMessages, commerceMessages, type ClosedOrderStatus } from '@portal/contracts';
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
import { cartSignature } from './idempotency-key';
import { PAYMENT_NOT_COMPLETED } from './PaymentReturn';

jest.mock('@stripe/stripe-js/pure', () => ({ loadStripe: jest.fn() }));
const mockedLoadStripe = loadStripe as jest.MockedFunction<typeof loadStripe>;
const fake = fakeStripe();
mockedLoadStripe.mockResolvedValue(fake.asStripe);

const NEW_ORDER_ID = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const NEW_INTENT = { status: 200, body: { clientSecret: 'pi_test_2_secret_def', orderId: NEW_ORDER_ID } };
const SECRET = INTENT.body.clientSecret;
const STORED_KEY = 'checkout.idempotency';

/** The 409 of create-payment-intent for the cart's order in `orderStatus`. */
const closed = (orderStatus: ClosedOrderStatus) => ({
  status: 409,
  body: { statusCode: 409, message: closedOrderMessages[orderStatus], orderId: ORDER_ID, orderStatus },
});

/** Stripe's return_url after the bank's page, with what Stripe appends. */
const returnRoute = (redirectStatus: 'succeeded' | 'failed') =>
  `/checkout?order=${ORDER_ID}&payment_intent=pi_test_1&payment_intent_client_secret=${SECRET}&redirect_status=${redirectStatus}`;

const storedKey = () =>
  (JSON.parse(localStorage.getItem(STORED_KEY) ?? 'null') as { key: string } | null)?.key;

const AUTHENTICATION_FAILED =
  'We are unable to authenticate your payment method. Please choose a different payment method and try again.';

/** Waits for the card form of the order and presses Pay. */
async function pressPay() {
  const pay = await screen.findByRole('button', { name: 'Pay $7,997.99' });
  await waitFor(() => expect(pay).toBeEnabled());
  await userEvent.click(pay);
  return pay;
}

describe('Checkout payment states', () => {
  beforeAll(() => loadCheckoutApi());
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    localStorage.setItem('token', 'tok-1');
    fake.answer({});
  });
  afterEach(() => jest.restoreAllMocks());

  describe("the cart's order", () => {
    it('sends the Idempotency-Key another tab keeps for this cart, and keeps its own where the other tabs read it', async () => {
      localStorage.setItem(
        STORED_KEY,
        JSON.stringify({ cart: cartSignature([essential, growth]), key: 'checkout-from-the-other-tab' }),
      );
      const { keys } = stubCheckout([INTENT]);
      const first = renderCheckout();
      await screen.findByRole('region', { name: 'Order summary' });
      expect(keys).toEqual(['checkout-from-the-other-tab']);
      first.unmount();

      // Another cart in a tab of its own: its new key is where every tab of the browser finds it.
      localStorage.removeItem(STORED_KEY);
      renderCheckout([essential]);
      await screen.findByRole('region', { name: 'Order summary' });
      expect(keys[1]).toMatch(/^checkout-[0-9a-f]{32}$/);
      expect(storedKey()).toBe(keys[1]);
    });

    it('shows the confirmation of an order already paid (409 completed) instead of taking a second payment', async () => {
      stubCheckout([closed('completed')], ['completed']);
      const { store } = renderCheckout();
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Thank you for your order!' }),
      ).toBeInTheDocument();
      expect(window.location.search).toBe(`?order=${ORDER_ID}`);
      expect(screen.getByTestId('order-id')).toHaveTextContent(ORDER_ID);
      expect(fake.stripe.elements).not.toHaveBeenCalled();
      expect(store.getState().cart.items).toEqual([]);
    });

    it('says the payment is processing (409 processing), not thanks as if paid, and keeps the cart', async () => {
      stubCheckout([closed('processing')], ['processing']);
      const { store } = renderCheckout();
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Your payment is processing' }),
      ).toBeInTheDocument();
      expect(screen.getByText(commerceMessages.paymentProcessing)).toBeInTheDocument();
      expect(screen.queryByText('Thank you for your order!')).not.toBeInTheDocument();
      expect(window.location.search).toBe(`?order=${ORDER_ID}`);
      expect(fake.stripe.elements).not.toHaveBeenCalled();
      expect(store.getState().cart.items).toHaveLength(2);
    });

    it('starts a new order for the same cart when its order was canceled (409 canceled), with a new key', async () => {
      const { keys, calls } = stubCheckout([closed('canceled'), NEW_INTENT]);
      renderCheckout();
      await pressPay();
      expect(keys).toHaveLength(2);
      expect(keys[1]).not.toBe(keys[0]);
      expect(storedKey()).toBe(keys[1]);
      const intents = calls.filter(({ path }) => path === '/api/create-payment-intent');
      expect(intents[1]!.body).toEqual(intents[0]!.body);
      expect(fake.stripe.confirmPayment).toHaveBeenCalledWith(
        expect.objectContaining({
          clientSecret: 'pi_test_2_secret_def',
          confirmParams: { return_url: `http://localhost/checkout?order=${NEW_ORDER_ID}` },
        }),
      );
    });

    it('asks for a new order once only: a second 409 canceled is told, not retried', async () => {
      const { keys } = stubCheckout([closed('canceled')]);
      renderCheckout();
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Payment Setup Failed' }),
      ).toBeInTheDocument();
      expect(screen.getByText(commerceMessages.orderCanceled)).toBeInTheDocument();
      expect(keys).toHaveLength(2);
    });
  });

  describe('paying when another tab paid first', () => {
    it("goes to the order's confirmation when Stripe says its PaymentIntent already succeeded", async () => {
      fake.answer({
        confirmError: {
          type: 'invalid_request_error',
          code: 'payment_intent_unexpected_state',
          message:
            'You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.',
          payment_intent: { id: 'pi_test_1', status: 'succeeded' } as never,
        },
      });
      const { keys } = stubCheckout([INTENT], ['completed']);
      renderCheckout();
      await pressPay();
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Thank you for your order!' }),
      ).toBeInTheDocument();
      expect(window.location.search).toBe(`?order=${ORDER_ID}`);
      expect(keys).toHaveLength(1);
    });

    it('asks the server again otherwise, whose 409 completed leads to the confirmation', async () => {
      fake.answer({
        confirmError: {
          type: 'invalid_request_error',
          code: 'payment_intent_unexpected_state',
          message: "This PaymentIntent's status does not allow it to be confirmed.",
        },
      });
      const { keys } = stubCheckout([INTENT, closed('completed')], ['completed']);
      renderCheckout();
      await pressPay();
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Thank you for your order!' }),
      ).toBeInTheDocument();
      expect(keys).toEqual([keys[0], keys[0]]);
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    });
  });

  describe("back from the bank's page (3-D Secure)", () => {
    it('shows the plain confirmation without Stripe.js: only a return carries a client secret', async () => {
      stubCheckout([INTENT], ['completed']);
      renderCheckout(undefined, `/checkout?order=${ORDER_ID}`);
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Thank you for your order!' }),
      ).toBeInTheDocument();
      expect(fake.stripe.retrievePaymentIntent).not.toHaveBeenCalled();
    });

    it("reads the PaymentIntent from Stripe, drops Stripe's parameters from the address and confirms a succeeded payment", async () => {
      fake.answer({ retrieved: { id: 'pi_test_1', status: 'succeeded' } });
      stubCheckout([INTENT], ['pending', 'completed']);
      const { store } = renderCheckout(undefined, returnRoute('succeeded'));
      expect(screen.getByText('Confirming your payment...')).toBeInTheDocument();
      expect(
        await screen.findByRole(
          'heading',
          { level: 1, name: 'Thank you for your order!' },
          { timeout: 4000 },
        ),
      ).toBeInTheDocument();
      expect(mockedLoadStripe).toHaveBeenCalledWith('pk_test_51Fake');
      expect(fake.stripe.retrievePaymentIntent).toHaveBeenCalledWith(SECRET);
      expect(window.location.search).toBe(`?order=${ORDER_ID}`);
      expect(store.getState().cart.items).toEqual([]);
    });

    it('says a processing payment is processing while the order is still pending', async () => {
      fake.answer({ retrieved: { id: 'pi_test_1', status: 'processing' } });
      stubCheckout([INTENT], ['pending']);
      const { store } = renderCheckout(undefined, returnRoute('succeeded'));
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Your payment is processing' }),
      ).toBeInTheDocument();
      expect(screen.getByText(commerceMessages.paymentProcessing)).toBeInTheDocument();
      expect(window.location.search).toBe(`?order=${ORDER_ID}`);
      expect(store.getState().cart.items).toHaveLength(2);
    });

    it("goes back to the card form of the same order with the bank's reason when authentication failed, and another card pays", async () => {
      fake.answer({
        retrieved: {
          id: 'pi_test_1',
          status: 'requires_payment_method',
          last_payment_error: {
            type: 'card_error',
            code: 'payment_intent_authentication_failure',
            message: AUTHENTICATION_FAILED,
          },
        },
      });
      localStorage.setItem(
        STORED_KEY,
        JSON.stringify({ cart: cartSignature([essential, growth]), key: 'checkout-before-the-bank' }),
      );
      const { keys } = stubCheckout([INTENT], ['completed']);
      renderCheckout(undefined, returnRoute('failed'));

      expect(await screen.findByRole('alert')).toHaveTextContent(AUTHENTICATION_FAILED);
      expect(window.location.pathname + window.location.search).toBe('/checkout');
      expect(keys).toEqual(['checkout-before-the-bank']);
      expect(fake.stripe.elements).toHaveBeenCalledWith(expect.objectContaining({ clientSecret: SECRET }));

      await pressPay();
      expect(fake.stripe.confirmPayment).toHaveBeenCalledWith(
        expect.objectContaining({ clientSecret: SECRET }),
      );
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Thank you for your order!' }),
      ).toBeInTheDocument();
    });

    it('says the payment was not completed when Stripe gives no reason', async () => {
      fake.answer({ retrieved: { id: 'pi_test_1', status: 'requires_action' } });
      stubCheckout([INTENT]);
      renderCheckout(undefined, returnRoute('failed'));
      expect(await screen.findByRole('alert')).toHaveTextContent(PAYMENT_NOT_COMPLETED);
    });

    it('leaves it to the order when Stripe cannot be read', async () => {
      fake.answer({ retrieved: { error: { type: 'api_connection_error', message: 'Network error' } } });
      stubCheckout([INTENT], ['failed']);
      renderCheckout(undefined, returnRoute('failed'));
      expect(await screen.findByRole('heading', { level: 1, name: 'Payment Failed' })).toBeInTheDocument();
      expect(window.location.search).toBe(`?order=${ORDER_ID}`);
    });
  });
});

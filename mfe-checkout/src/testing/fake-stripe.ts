import type { PaymentIntent, Stripe, StripeError } from '@stripe/stripe-js';

export interface FakeStripeOptions {
  /** What `elements.submit()` answers (the Payment Element's own validation). */
  submitError?: string;
  /** The error `stripe.confirmPayment()` answers: its message (a card error), or the whole error. */
  confirmError?: string | Partial<StripeError>;
  /** The PaymentIntent `stripe.retrievePaymentIntent()` answers (after a bank's page), or its error. */
  retrieved?: Partial<PaymentIntent> | { error: Partial<StripeError> };
}

/**
 * A stand-in for the Stripe object of Stripe.js with the calls React Stripe and the checkout make:
 * `elements()` (with `update`, `create`, `submit`), the element's `mount`/`on`/`off`/`update`/
 * `destroy`, `confirmPayment`, `retrievePaymentIntent`, plus what React Stripe checks or calls on any
 * instance.
 */
export function fakeStripe() {
  // Stripe.js is loaded once per page (and per publishable key): tests change what the one fake answers.
  const answers: FakeStripeOptions = {};
  const element = {
    mount: jest.fn(),
    on: jest.fn((event: string, handler: () => void) => {
      if (event === 'ready') queueMicrotask(handler);
    }),
    off: jest.fn(),
    update: jest.fn(),
    destroy: jest.fn(),
  };
  const elements = {
    create: jest.fn(() => element),
    update: jest.fn(),
    submit: jest.fn(async () =>
      answers.submitError ? { error: { type: 'validation_error', message: answers.submitError } } : {},
    ),
  };
  const stripe = {
    elements: jest.fn(() => elements),
    confirmPayment: jest.fn(async () => {
      const { confirmError } = answers;
      if (typeof confirmError === 'string') return { error: { type: 'card_error', message: confirmError } };
      if (confirmError) return { error: confirmError };
      return { paymentIntent: { id: 'pi_test_1', status: 'succeeded' } };
    }),
    retrievePaymentIntent: jest.fn(async () => {
      const { retrieved = { id: 'pi_test_1', status: 'succeeded' } } = answers;
      return 'error' in retrieved ? retrieved : { paymentIntent: retrieved };
    }),
    createToken: jest.fn(),
    createPaymentMethod: jest.fn(),
    confirmCardPayment: jest.fn(),
    _registerWrapper: jest.fn(),
    registerAppInfo: jest.fn(),
  };
  return {
    stripe,
    elements,
    element,
    asStripe: stripe as unknown as Stripe,
    /** What the next calls answer; mocks' records are cleared. */
    answer(next: FakeStripeOptions) {
      answers.submitError = next.submitError;
      answers.confirmError = next.confirmError;
      answers.retrieved = next.retrieved;
      for (const target of [element, elements, stripe]) {
        for (const mock of Object.values(target)) mock.mockClear();
      }
    },
  };
}

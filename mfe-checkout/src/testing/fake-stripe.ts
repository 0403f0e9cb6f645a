import type { Stripe } from '@stripe/stripe-js';

export interface FakeStripeOptions {
  /** What `elements.submit()` answers (the Payment Element's own validation). */
  submitError?: string;
  /** What `stripe.confirmPayment()` answers. */
  confirmError?: string;
}

/**
 * A stand-in for the Stripe object of Stripe.js with the calls React Stripe and the checkout make:
 * `elements()` (with `update`, `create`, `submit`), the element's `mount`/`on`/`off`/`update`/
 * `destroy`, `confirmPayment`, plus what React Stripe checks or calls on any instance.
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
    confirmPayment: jest.fn(async () =>
      answers.confirmError
        ? { error: { type: 'card_error', message: answers.confirmError } }
        : { paymentIntent: { id: 'pi_test_1', status: 'succeeded' } },
    ),
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
      for (const target of [element, elements, stripe]) {
        for (const mock of Object.values(target)) mock.mockClear();
      }
    },
  };
}

import { parameterUnknown } from './errors';
import type { FormObject } from './form';

/**
 * The parameters an endpoint takes: `true` a value, `'map'` free keys (`metadata[…]`), `'list'` a list
 * (`expand[0]`), an object a nested hash whose keys are checked in turn.
 */
export interface ParamSpec {
  [name: string]: true | 'map' | 'list' | ParamSpec;
}

/** Refuses the first parameter the endpoint does not take: "Received unknown parameter: x[y]". */
export function refuseUnknownParams(form: FormObject, spec: ParamSpec, prefix = ''): void {
  for (const [name, value] of Object.entries(form)) {
    const param = prefix ? `${prefix}[${name}]` : name;
    const expected = spec[name];
    if (expected === undefined) throw parameterUnknown(param);
    if (typeof expected === 'object' && typeof value === 'object')
      refuseUnknownParams(value, expected, param);
  }
}

const expand = { expand: 'list' } as const;

const card: ParamSpec = { number: true, exp_month: true, exp_year: true, cvc: true };
const address: ParamSpec = {
  city: true,
  country: true,
  line1: true,
  line2: true,
  postal_code: true,
  state: true,
};
const shipping: ParamSpec = { address, name: true, carrier: true, phone: true, tracking_number: true };

/** What the fake plays of `POST /v1/payment_intents`. */
export const createPaymentIntentParams: ParamSpec = {
  amount: true,
  currency: true,
  metadata: 'map',
  automatic_payment_methods: { enabled: true, allow_redirects: true },
  payment_method_types: 'list',
  payment_method: true,
  description: true,
  receipt_email: true,
  statement_descriptor: true,
  statement_descriptor_suffix: true,
  setup_future_usage: true,
  shipping,
  ...expand,
};

/** `POST /v1/payment_intents/:id`. */
export const updatePaymentIntentParams: ParamSpec = {
  metadata: 'map',
  description: true,
  receipt_email: true,
  shipping,
  ...expand,
};

/**
 * `POST /v1/payment_intents/:id/confirm`, from the server or as Stripe.js sends it (`key` and
 * `client_secret` in the form, `use_stripe_sdk` when it handles next actions itself).
 */
export const confirmPaymentIntentParams: ParamSpec = {
  key: true,
  client_secret: true,
  payment_method: true,
  payment_method_data: {
    type: true,
    card,
    billing_details: { address, email: true, name: true, phone: true },
    metadata: 'map',
  },
  return_url: true,
  receipt_email: true,
  setup_future_usage: true,
  shipping,
  use_stripe_sdk: true,
  ...expand,
};

/** `POST /v1/payment_intents/:id/cancel`. */
export const cancelPaymentIntentParams: ParamSpec = { cancellation_reason: true, ...expand };

/** `GET /v1/payment_intents/:id` (query). */
export const retrievePaymentIntentParams: ParamSpec = { key: true, client_secret: true, ...expand };

/** `POST /v1/refunds`. */
export const createRefundParams: ParamSpec = {
  payment_intent: true,
  charge: true,
  amount: true,
  reason: true,
  metadata: 'map',
  ...expand,
};

/** `GET /v1/refunds/:id` and other reads. */
export const retrieveParams: ParamSpec = { ...expand };

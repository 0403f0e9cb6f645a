/**
 * Stripe's error answers (https://docs.stripe.com/api/errors): `{ error: { type, code, message, param,
 * doc_url, request_log_url, … } }`, with the HTTP status Stripe gives each kind.
 */
export type StripeErrorType = 'api_error' | 'card_error' | 'idempotency_error' | 'invalid_request_error';

export interface StripeErrorBody {
  type: StripeErrorType;
  message: string;
  code?: string;
  decline_code?: string;
  param?: string;
  doc_url?: string;
  request_log_url?: string;
  charge?: string;
  payment_intent?: unknown;
  [key: string]: unknown;
}

/**
 * An error answer. `beforeExecution` marks what Stripe refuses before an endpoint starts (a bad key,
 * unknown or missing parameters): such answers are not saved under the idempotency key.
 */
export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: StripeErrorBody,
    readonly beforeExecution = false,
  ) {
    super(body.message);
  }
}

/** `https://stripe.com/docs/error-codes/resource-missing` for `resource_missing`, as Stripe links them. */
export const docUrl = (code: string) => `https://stripe.com/docs/error-codes/${code.replace(/_/g, '-')}`;

const withCode = (
  code: string,
  rest: { type: StripeErrorType; message: string; param?: string; payment_intent?: unknown },
): StripeErrorBody => ({
  ...rest,
  code,
  doc_url: docUrl(code),
});

export const invalidRequest = (message: string, extra: Partial<StripeErrorBody> = {}) =>
  new StripeApiError(400, { type: 'invalid_request_error', message, ...extra });

export const parameterUnknown = (param: string) =>
  new StripeApiError(
    400,
    withCode('parameter_unknown', {
      type: 'invalid_request_error',
      param,
      message: `Received unknown parameter: ${param}`,
    }),
    true,
  );

export const parameterMissing = (param: string) =>
  new StripeApiError(
    400,
    withCode('parameter_missing', {
      type: 'invalid_request_error',
      param,
      message: `Missing required param: ${param}.`,
    }),
    true,
  );

export const parameterInvalidInteger = (param: string, value: string) =>
  new StripeApiError(
    400,
    withCode('parameter_invalid_integer', {
      type: 'invalid_request_error',
      param,
      message: `Invalid integer: ${value}`,
    }),
    true,
  );

/** A value outside a parameter's enumeration, as Stripe words it. */
export const invalidEnum = (param: string, values: readonly string[]) =>
  new StripeApiError(
    400,
    {
      type: 'invalid_request_error',
      param,
      message: `Invalid ${param}: must be one of ${values.slice(0, -1).join(', ')}, or ${values.at(-1)}`,
    },
    true,
  );

export const resourceMissing = (kind: string, id: string, param = 'id') =>
  new StripeApiError(
    404,
    withCode('resource_missing', {
      type: 'invalid_request_error',
      param,
      message: `No such ${kind}: '${id}'`,
    }),
  );

export const unexpectedState = (message: string, paymentIntent: unknown) =>
  new StripeApiError(
    400,
    withCode('payment_intent_unexpected_state', {
      type: 'invalid_request_error',
      message,
      payment_intent: paymentIntent,
    }),
  );

export const apiError = () =>
  new StripeApiError(500, { type: 'api_error', message: 'Something went wrong on our end.' });

export const unrecognizedUrl = (method: string, path: string) =>
  new StripeApiError(
    404,
    { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` },
    true,
  );

/** The dashboard log link Stripe adds to the errors of a request it ran. */
export const requestLogUrl = (requestId: string) =>
  `https://dashboard.stripe.com/test/logs/${requestId}?t=${Math.floor(Date.now() / 1000)}`;

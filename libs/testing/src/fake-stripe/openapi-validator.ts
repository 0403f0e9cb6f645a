import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import copy from './openapi/stripe-schemas.json';

/**
 * Checks answers of the fake Stripe API against the trimmed copy of Stripe's published OpenAPI
 * schemas in `openapi/stripe-schemas.json` (see its README). Test-only: not exported by the package.
 */
export type StripeSchemaName = keyof typeof copy.schemas;

/**
 * The PaymentIntent fields Stripe shows to a publishable key (marked "retrievable with publishable
 * key" in https://docs.stripe.com/api/payment_intents/object): what a browser reads with the client
 * secret, and all a browser-facing answer may carry.
 */
export const publishablePaymentIntentFields = [
  'id',
  'object',
  'amount',
  'automatic_payment_methods',
  'canceled_at',
  'cancellation_reason',
  'capture_method',
  'client_secret',
  'confirmation_method',
  'created',
  'currency',
  'description',
  'last_payment_error',
  'livemode',
  'next_action',
  'payment_method',
  'payment_method_types',
  'processing',
  'receipt_email',
  'setup_future_usage',
  'shipping',
  'status',
] as const;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** OpenAPI 3.0 `nullable: true` as JSON Schema: `null` joins the types, the enum or the alternatives. */
function withNull(schema: JsonObject): JsonObject {
  const nullable: JsonObject = { ...schema };
  if (Array.isArray(nullable.enum)) nullable.enum = [...nullable.enum, null];
  if (typeof nullable.type === 'string') return { ...nullable, type: [nullable.type, 'null'] };
  if (Array.isArray(nullable.anyOf)) return { ...nullable, anyOf: [...nullable.anyOf, { type: 'null' }] };
  return { anyOf: [nullable, { type: 'null' }] };
}

/**
 * One OpenAPI 3.0 schema as JSON Schema for Ajv: `$ref`s point into `definitions`, `nullable` allows
 * null, `x-…` keys go. Stripe leaves `additionalProperties` unset, which would let any field through:
 * an object that lists its properties here accepts only those, so a field Stripe does not have fails.
 */
export function toJsonSchema(schema: Json): Json {
  if (Array.isArray(schema)) return schema.map(toJsonSchema);
  if (!isObject(schema)) return schema;
  const converted: JsonObject = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key.startsWith('x-') || key === 'nullable') continue;
    if (key === '$ref' && typeof value === 'string') {
      converted.$ref = value.replace('#/components/schemas/', '#/definitions/');
    } else if (key === 'properties' && isObject(value)) {
      converted.properties = Object.fromEntries(
        Object.entries(value).map(([name, property]) => [name, toJsonSchema(property)]),
      );
    } else {
      converted[key] = toJsonSchema(value);
    }
  }
  if (converted.properties !== undefined && converted.additionalProperties === undefined) {
    converted.additionalProperties = false;
  }
  return schema.nullable === true ? withNull(converted) : converted;
}

/** Stripe's PaymentIntent as a publishable key sees it: only the browser fields. */
function publishablePaymentIntent(paymentIntent: JsonObject): JsonObject {
  const fields: readonly string[] = publishablePaymentIntentFields;
  const properties = paymentIntent.properties as JsonObject;
  return {
    ...paymentIntent,
    properties: Object.fromEntries(Object.entries(properties).filter(([name]) => fields.includes(name))),
    required: (paymentIntent.required as string[]).filter((name) => fields.includes(name)),
  };
}

function compileAll(): Map<string, ValidateFunction> {
  const definitions = Object.fromEntries(
    Object.entries(copy.schemas as unknown as JsonObject).map(([name, schema]) => [
      name,
      toJsonSchema(schema),
    ]),
  ) as Record<string, JsonObject>;
  definitions.payment_intent_publishable = publishablePaymentIntent(definitions.payment_intent);
  const ajv = new Ajv({ allErrors: true, strict: true, strictTypes: false });
  // Stripe's formats: seconds since the epoch, and ISO 4217 codes "in lowercase".
  ajv.addFormat('unix-time', {
    type: 'number',
    validate: (value: number) => Number.isInteger(value) && value > 0,
  });
  ajv.addFormat('currency', /^[a-z]{3}$/);
  ajv.addSchema({ $id: 'stripe', definitions });
  return new Map(
    Object.keys(definitions).map((name) => [name, ajv.compile({ $ref: `stripe#/definitions/${name}` })]),
  );
}

let validators: Map<string, ValidateFunction> | undefined;

const describeError = (error: ErrorObject) => {
  const where = error.instancePath || '(the object)';
  const extra =
    error.keyword === 'additionalProperties' ? ` '${String(error.params.additionalProperty)}'` : '';
  return `${where} ${error.message ?? error.keyword}${extra}`;
};

/**
 * What `value` does wrong against Stripe's schema `name` (empty when it conforms). The pseudo-schema
 * `payment_intent_publishable` is the PaymentIntent with only the publishable-key fields.
 */
export function stripeSchemaErrors(
  name: StripeSchemaName | 'payment_intent_publishable',
  value: unknown,
): string[] {
  validators ??= compileAll();
  const validate = validators.get(name);
  if (!validate) throw new Error(`No Stripe schema named ${name}`);
  if (validate(value)) return [];
  return [...new Set((validate.errors ?? []).map(describeError))];
}

/** The source, API version and date of the copied schemas, for messages. */
export const stripeSchemaSource = {
  source: copy.source,
  apiVersion: copy.apiVersion,
  retrieved: copy.retrieved,
};

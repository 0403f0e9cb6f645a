import { randomBytes } from 'node:crypto';
import type Stripe from 'stripe';
import { checkChargeAmount, checkCurrency, formatAmount } from './currencies';
import {
  docUrl,
  invalidEnum,
  invalidRequest,
  parameterInvalidInteger,
  parameterMissing,
  resourceMissing,
  StripeApiError,
  unexpectedState,
} from './errors';
import { field, type FormObject, stringList, stringMap } from './form';
import {
  type Declined,
  genericDecline,
  outcomeOf,
  type RefundBehaviour,
  refundBehaviourOf,
} from './test-cards';
import type { FakeEventObject } from './webhooks';

/**
 * Stripe's PaymentIntent as its published OpenAPI specification declares it (openapi/): the SDK's type
 * also names `source` and `payment_record`, which the specification does not.
 */
export type FakePaymentIntent = Omit<Stripe.PaymentIntent, 'source' | 'payment_record'>;
/** Stripe's Charge as the specification declares it (the SDK's type also names `source`). */
export type FakeCharge = Omit<Stripe.Charge, 'source'>;
export type FakeRefund = Stripe.Refund;
export type PaymentIntentStatus = Stripe.PaymentIntent.Status;

/** The API request behind a change, named in the events it causes. */
export interface RequestInfo {
  id: string | null;
  idempotency_key: string | null;
}

export type Emit = (type: string, object: FakeEventObject, request: RequestInfo) => void;

export const randomId = (prefix: string, bytes = 12) => `${prefix}_${randomBytes(bytes).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);

/**
 * The fields Stripe shows a publishable key (with the client secret): those the object reference marks
 * "retrievable with publishable key" (also the fields @stripe/stripe-js types a PaymentIntent with).
 * Metadata, customer, latest_charge and the amounts received are not among them.
 */
const publishableFields = [
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
] as const satisfies readonly (keyof FakePaymentIntent)[];

export type PublishablePaymentIntent = Pick<FakePaymentIntent, (typeof publishableFields)[number]>;

export function publishableView(paymentIntent: FakePaymentIntent): PublishablePaymentIntent {
  return Object.fromEntries(
    publishableFields.map((key) => [key, structuredClone(paymentIntent[key])]),
  ) as PublishablePaymentIntent;
}

const AUTHENTICATION_FAILURE =
  'We are unable to authenticate your payment method. Please choose a different payment method and try again.';
const cancellationReasons = ['duplicate', 'fraudulent', 'requested_by_customer', 'abandoned'] as const;
const refundReasons = ['duplicate', 'fraudulent', 'requested_by_customer'] as const;
const cancelable: PaymentIntentStatus[] = [
  'requires_payment_method',
  'requires_capture',
  'requires_confirmation',
  'requires_action',
  'processing',
];
const confirmable: PaymentIntentStatus[] = [
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
];

function wholeAmount(form: FormObject, param: string): number | undefined {
  const raw = field(form, param);
  if (raw === undefined) return undefined;
  if (!/^-?\d+$/.test(raw)) throw parameterInvalidInteger(param, raw);
  return Number(raw);
}

function oneOf<T extends string>(form: FormObject, param: string, values: readonly T[]): T | null {
  const value = field(form, param);
  if (value === undefined || value === '') return null;
  if (!(values as readonly string[]).includes(value)) throw invalidEnum(param, values);
  return value as T;
}

/**
 * PaymentIntents, their charges and refunds, moved through Stripe's lifecycle
 * (https://docs.stripe.com/payments/paymentintents/lifecycle); every change emits the event Stripe
 * sends for it, carrying the object as it stood then.
 */
export class PaymentLedger {
  readonly paymentIntents = new Map<string, FakePaymentIntent>();
  readonly charges = new Map<string, FakeCharge>();
  readonly refunds = new Map<string, FakeRefund>();
  /** The `return_url` each PaymentIntent was last confirmed with (not a field of the object). */
  private readonly returnUrls = new Map<string, string>();
  /** How refunds of each charge behave, from the test card that paid it (not a field of the object). */
  private readonly refundBehaviours = new Map<string, RefundBehaviour>();
  /** Refunds that will change later on their own (pending ones, those of the refund-failure card). */
  private readonly timers = new Set<NodeJS.Timeout>();
  /** Milliseconds before an asynchronous refund settles by itself; undefined: only `settleRefund` does. */
  asyncRefundDelayMs: number | undefined;
  /** The next refund creations that answer 500 `api_error`. */
  refundFailuresToInject = 0;

  constructor(
    private readonly emit: Emit,
    private readonly baseUrl: () => string,
  ) {}

  create(form: FormObject, request: RequestInfo): FakePaymentIntent {
    const amount = wholeAmount(form, 'amount');
    if (amount === undefined) throw parameterMissing('amount');
    const rawCurrency = field(form, 'currency');
    if (!rawCurrency) throw parameterMissing('currency');
    const currency = checkCurrency(rawCurrency);
    checkChargeAmount(amount, currency);
    const automatic = field(form, 'automatic_payment_methods', 'enabled');
    const paymentMethod = field(form, 'payment_method') ?? null;
    const id = randomId('pi');
    const paymentIntent: FakePaymentIntent = {
      id,
      object: 'payment_intent',
      allowed_payment_method_types: null,
      amount,
      amount_capturable: 0,
      amount_details: { tip: {} },
      amount_received: 0,
      application: null,
      application_fee_amount: null,
      automatic_payment_methods:
        automatic === undefined
          ? null
          : {
              enabled: automatic === 'true',
              ...(field(form, 'automatic_payment_methods', 'allow_redirects')
                ? {
                    allow_redirects: field(form, 'automatic_payment_methods', 'allow_redirects') as
                      'always' | 'never',
                  }
                : {}),
            },
      canceled_at: null,
      cancellation_reason: null,
      capture_method: 'automatic_async',
      client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
      confirmation_method: 'automatic',
      created: now(),
      currency,
      customer: null,
      customer_account: null,
      description: field(form, 'description') ?? null,
      excluded_payment_method_types: null,
      last_payment_error: null,
      latest_charge: null,
      livemode: false,
      managed_payments: null,
      metadata: stringMap(form, 'metadata'),
      next_action: null,
      on_behalf_of: null,
      payment_method: paymentMethod,
      payment_method_configuration_details:
        automatic === 'true' ? { id: randomId('pmc', 8), parent: null } : null,
      payment_method_options: {
        card: {
          installments: null,
          mandate_options: null,
          network: null,
          request_three_d_secure: 'automatic',
        },
      },
      payment_method_types: stringList(form, 'payment_method_types').length
        ? stringList(form, 'payment_method_types')
        : ['card'],
      processing: null,
      receipt_email: field(form, 'receipt_email') ?? null,
      review: null,
      setup_future_usage:
        (field(form, 'setup_future_usage') as FakePaymentIntent['setup_future_usage']) ?? null,
      shipping: null,
      statement_descriptor: field(form, 'statement_descriptor') ?? null,
      statement_descriptor_suffix: field(form, 'statement_descriptor_suffix') ?? null,
      status: paymentMethod ? 'requires_confirmation' : 'requires_payment_method',
      transfer_data: null,
      transfer_group: null,
    };
    this.paymentIntents.set(id, paymentIntent);
    this.emit('payment_intent.created', paymentIntent, request);
    return paymentIntent;
  }

  /** The PaymentIntent, or 404; a publishable key must also hold its client secret. */
  find(id: string, clientSecret?: string | null): FakePaymentIntent {
    const paymentIntent = this.paymentIntents.get(id);
    if (!paymentIntent) throw resourceMissing('payment_intent', id, 'intent');
    if (clientSecret === null) {
      throw invalidRequest(
        'The client_secret parameter is required when using a publishable key to retrieve this PaymentIntent.',
        { param: 'client_secret' },
      );
    }
    if (clientSecret !== undefined && clientSecret !== paymentIntent.client_secret) {
      throw invalidRequest(
        'The client_secret provided does not match the client_secret associated with the PaymentIntent.',
        { param: 'client_secret' },
      );
    }
    return paymentIntent;
  }

  update(paymentIntent: FakePaymentIntent, form: FormObject): FakePaymentIntent {
    for (const [key, value] of Object.entries(stringMap(form, 'metadata'))) {
      if (value === '') delete paymentIntent.metadata[key];
      else paymentIntent.metadata[key] = value;
    }
    const description = field(form, 'description');
    if (description !== undefined) paymentIntent.description = description || null;
    const receiptEmail = field(form, 'receipt_email');
    if (receiptEmail !== undefined) paymentIntent.receipt_email = receiptEmail || null;
    return paymentIntent;
  }

  /**
   * Confirms with a card (`payment_method_data[card][number]`) or a PaymentMethod (`pm_card_…`): it
   * succeeds, is declined (402 `card_declined`), asks for 3-D Secure (`requires_action`) or, for the
   * fake's processing card, stays `processing` until `settle`.
   */
  confirm(paymentIntent: FakePaymentIntent, form: FormObject, request: RequestInfo): FakePaymentIntent {
    if (!confirmable.includes(paymentIntent.status)) {
      throw unexpectedState(
        paymentIntent.status === 'succeeded'
          ? 'You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.'
          : `You cannot confirm this PaymentIntent because it has a status of ${paymentIntent.status}. Only a PaymentIntent with one of the following statuses may be confirmed: ${confirmable.join(', ')}.`,
        paymentIntent,
      );
    }
    const methodData = form.payment_method_data;
    if (typeof methodData === 'object' && field(form, 'payment_method_data', 'type') === undefined) {
      throw parameterMissing('payment_method_data[type]');
    }
    const givenMethod = field(form, 'payment_method');
    const cardNumber = field(form, 'payment_method_data', 'card', 'number');
    const paymentMethod =
      givenMethod ?? (typeof methodData === 'object' ? randomId('pm') : paymentIntent.payment_method);
    if (!paymentMethod) {
      throw unexpectedState(
        "You cannot confirm this PaymentIntent because it's missing a payment method. You can either update the PaymentIntent with a payment method and then confirm it again, or confirm it again directly with a payment method.",
        paymentIntent,
      );
    }
    const returnUrl = field(form, 'return_url');
    if (returnUrl) this.returnUrls.set(paymentIntent.id, returnUrl);
    else this.returnUrls.delete(paymentIntent.id);
    const receiptEmail = field(form, 'receipt_email');
    if (receiptEmail !== undefined) paymentIntent.receipt_email = receiptEmail || null;

    paymentIntent.payment_method = typeof paymentMethod === 'string' ? paymentMethod : paymentMethod.id;
    paymentIntent.last_payment_error = null;
    paymentIntent.next_action = null;
    const outcome = outcomeOf(cardNumber, givenMethod);
    const refundBehaviour = refundBehaviourOf(cardNumber, givenMethod);
    switch (outcome.kind) {
      case 'succeeds':
        this.succeed(paymentIntent, request);
        this.refundBehaviours.set(paymentIntent.latest_charge as string, refundBehaviour);
        return paymentIntent;
      case 'processing': {
        const charge = this.charge(paymentIntent, 'pending');
        paymentIntent.latest_charge = charge.id;
        paymentIntent.status = 'processing';
        paymentIntent.processing = { type: 'card', card: {} };
        this.emit('payment_intent.processing', paymentIntent, request);
        return paymentIntent;
      }
      case 'requires_authentication':
        paymentIntent.status = 'requires_action';
        paymentIntent.next_action = this.nextAction(paymentIntent);
        this.emit('payment_intent.requires_action', paymentIntent, request);
        return paymentIntent;
      case 'declined': {
        const charge = this.charge(paymentIntent, 'failed', outcome);
        const error = this.decline(paymentIntent, charge, outcome, request);
        throw new StripeApiError(402, { ...error, payment_intent: paymentIntent });
      }
    }
  }

  /** The page of the 3-D Secure redirect ends it: the payment succeeds, or fails authentication. */
  authenticate(paymentIntent: FakePaymentIntent, outcome: 'complete' | 'fail'): string | undefined {
    if (paymentIntent.status !== 'requires_action') {
      throw unexpectedState(
        `This PaymentIntent's status is ${paymentIntent.status}: it is not waiting for authentication.`,
        paymentIntent,
      );
    }
    const request = { id: null, idempotency_key: null };
    paymentIntent.next_action = null;
    if (outcome === 'complete') {
      this.succeed(paymentIntent, request);
    } else {
      paymentIntent.status = 'requires_payment_method';
      paymentIntent.payment_method = null;
      paymentIntent.last_payment_error = {
        type: 'invalid_request_error',
        code: 'payment_intent_authentication_failure',
        doc_url: docUrl('payment_intent_authentication_failure'),
        message: AUTHENTICATION_FAILURE,
      };
      this.emit('payment_intent.payment_failed', paymentIntent, request);
    }
    return this.returnUrls.get(paymentIntent.id);
  }

  /** A `processing` payment ends, as the bank answers later. */
  settle(id: string, outcome: 'succeeded' | 'failed'): FakePaymentIntent {
    const paymentIntent = this.find(id);
    if (paymentIntent.status !== 'processing') {
      throw unexpectedState(
        `This PaymentIntent's status is ${paymentIntent.status}: only a processing one can be settled.`,
        paymentIntent,
      );
    }
    const request = { id: null, idempotency_key: null };
    paymentIntent.processing = null;
    const charge = this.charges.get(paymentIntent.latest_charge as string)!;
    if (outcome === 'succeeded') {
      this.succeed(paymentIntent, request, charge);
    } else {
      this.failCharge(charge, genericDecline);
      this.decline(paymentIntent, charge, genericDecline, request);
    }
    return paymentIntent;
  }

  cancel(paymentIntent: FakePaymentIntent, form: FormObject, request: RequestInfo): FakePaymentIntent {
    const reason = oneOf(form, 'cancellation_reason', cancellationReasons);
    if (!cancelable.includes(paymentIntent.status)) {
      throw unexpectedState(
        `You cannot cancel this PaymentIntent because it has a status of ${paymentIntent.status}. Only a PaymentIntent with one of the following statuses may be canceled: ${cancelable.join(', ')}.`,
        paymentIntent,
      );
    }
    paymentIntent.status = 'canceled';
    paymentIntent.canceled_at = now();
    paymentIntent.cancellation_reason = reason;
    paymentIntent.next_action = null;
    paymentIntent.processing = null;
    this.emit('payment_intent.canceled', paymentIntent, request);
    return paymentIntent;
  }

  /** A refund of a succeeded PaymentIntent's charge, whole or in part, never over what is left. */
  refund(form: FormObject, request: RequestInfo): FakeRefund {
    const paymentIntentId = field(form, 'payment_intent');
    const chargeId = field(form, 'charge');
    if (!paymentIntentId && !chargeId) {
      throw invalidRequest(
        'One of the following params should be provided for this request: payment_intent or charge.',
      );
    }
    const amount = wholeAmount(form, 'amount');
    const reason = oneOf(form, 'reason', refundReasons);
    let charge: FakeCharge | undefined;
    if (paymentIntentId) {
      const paymentIntent = this.paymentIntents.get(paymentIntentId);
      if (!paymentIntent) throw resourceMissing('payment_intent', paymentIntentId, 'payment_intent');
      if (paymentIntent.status !== 'succeeded') {
        throw invalidRequest(
          `This PaymentIntent (${paymentIntentId}) does not have a successful charge to refund.`,
          { param: 'payment_intent' },
        );
      }
      charge = this.charges.get(paymentIntent.latest_charge as string);
    } else {
      charge = this.charges.get(chargeId!);
      if (!charge) throw resourceMissing('charge', chargeId!, 'charge');
    }
    if (!charge || charge.status !== 'succeeded') {
      throw invalidRequest(`This charge (${chargeId}) has not succeeded and cannot be refunded.`, {
        param: 'charge',
      });
    }
    const left = charge.amount - charge.amount_refunded;
    if (left === 0) {
      throw invalidRequest(`Charge ${charge.id} has already been refunded.`, {
        code: 'charge_already_refunded',
        doc_url: docUrl('charge_already_refunded'),
      });
    }
    if (amount !== undefined && amount < 1) {
      throw invalidRequest('This value must be greater than or equal to 1.', { param: 'amount' });
    }
    if (amount !== undefined && amount > left) {
      throw invalidRequest(
        `Refund amount (${formatAmount(amount, charge.currency)}) is greater than unrefunded amount on charge (${formatAmount(left, charge.currency)})`,
        { param: 'amount' },
      );
    }
    if (this.refundFailuresToInject > 0) {
      this.refundFailuresToInject -= 1;
      throw new StripeApiError(500, {
        type: 'api_error',
        message: 'An unknown error occurred while processing the refund.',
      });
    }
    const behaviour = this.refundBehaviours.get(charge.id) ?? 'succeeds';
    const refund: FakeRefund = {
      id: randomId('re'),
      object: 'refund',
      amount: amount ?? left,
      balance_transaction: randomId('txn'),
      charge: charge.id,
      created: now(),
      currency: charge.currency,
      customer: null,
      customer_account: null,
      destination_details: {
        card: { reference_status: 'pending', reference_type: 'acquirer_reference_number', type: 'refund' },
        type: 'card',
      },
      metadata: stringMap(form, 'metadata'),
      payment_intent: charge.payment_intent as string,
      payment_method: charge.payment_method,
      reason,
      receipt_number: null,
      source_transfer_reversal: null,
      status: behaviour === 'pending' ? 'pending' : 'succeeded',
      transfer_reversal: null,
    };
    this.refunds.set(refund.id, refund);
    // A pending refund already counts as refunded on the charge, as Stripe shows it.
    charge.amount_refunded += refund.amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    this.emit('refund.created', refund, request);
    this.emit('charge.refunded', charge, request);
    if (behaviour !== 'succeeds' && this.asyncRefundDelayMs !== undefined) {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        if (this.refundWaits(refund))
          this.settleRefund(refund.id, behaviour === 'pending' ? 'succeeded' : 'failed');
      }, this.asyncRefundDelayMs);
      this.timers.add(timer);
    }
    return refund;
  }

  /** Whether the refund is still to change: pending, or succeeded on the refund-failure card. */
  private refundWaits(refund: FakeRefund): boolean {
    const behaviour = this.refundBehaviours.get(refund.charge as string) ?? 'succeeds';
    return refund.status === 'pending' || (refund.status === 'succeeded' && behaviour === 'fails_later');
  }

  /**
   * An asynchronous refund ends, as the card network answers later: a pending refund succeeds or fails,
   * a refund of the refund-failure card fails. Each change sends `refund.updated` and
   * `charge.refund.updated`; a failure also `refund.failed`, with `failure_reason`, the reversing
   * `failure_balance_transaction`, and the amount no longer counted as refunded on the charge.
   */
  settleRefund(id: string, outcome: 'succeeded' | 'failed'): FakeRefund {
    const refund = this.findRefund(id);
    if (!this.refundWaits(refund) || (refund.status === 'succeeded' && outcome === 'succeeded')) {
      throw invalidRequest(`This refund's status is ${refund.status}: it cannot become ${outcome}.`);
    }
    const request = { id: null, idempotency_key: null };
    refund.status = outcome;
    if (outcome === 'failed') {
      refund.failure_reason = 'expired_or_canceled_card';
      refund.failure_balance_transaction = randomId('txn');
      const charge = this.charges.get(refund.charge as string);
      if (charge) {
        charge.amount_refunded -= refund.amount;
        charge.refunded = charge.amount_refunded === charge.amount;
      }
    }
    this.emit('refund.updated', refund, request);
    this.emit('charge.refund.updated', refund, request);
    if (outcome === 'failed') this.emit('refund.failed', refund, request);
    return refund;
  }

  /** Stops the timers of asynchronous refunds (the fake is closing). */
  stopTimers(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  findRefund(id: string): FakeRefund {
    const refund = this.refunds.get(id);
    if (!refund) throw resourceMissing('refund', id);
    return refund;
  }

  private nextAction(paymentIntent: FakePaymentIntent): Stripe.PaymentIntent.NextAction {
    const page = new URL(`/3ds/${paymentIntent.id}`, this.baseUrl());
    page.searchParams.set('payment_intent_client_secret', paymentIntent.client_secret!);
    const returnUrl = this.returnUrls.get(paymentIntent.id);
    if (returnUrl) {
      return { type: 'redirect_to_url', redirect_to_url: { url: page.href, return_url: returnUrl } };
    }
    return {
      type: 'use_stripe_sdk',
      use_stripe_sdk: { type: 'three_d_secure_redirect', stripe_js: page.href, source: randomId('src') },
    };
  }

  private succeed(paymentIntent: FakePaymentIntent, request: RequestInfo, pending?: FakeCharge): void {
    const charge = pending ?? this.charge(paymentIntent, 'succeeded');
    if (pending) {
      charge.status = 'succeeded';
      charge.paid = true;
      charge.captured = true;
      charge.amount_captured = charge.amount;
    }
    paymentIntent.status = 'succeeded';
    paymentIntent.amount_received = paymentIntent.amount;
    paymentIntent.latest_charge = charge.id;
    this.emit('payment_intent.succeeded', paymentIntent, request);
  }

  private decline(
    paymentIntent: FakePaymentIntent,
    charge: FakeCharge,
    outcome: Declined,
    request: RequestInfo,
  ): {
    type: 'card_error';
    code: string;
    decline_code: string;
    charge: string;
    doc_url: string;
    message: string;
  } {
    const error = {
      type: 'card_error' as const,
      code: 'card_declined',
      decline_code: outcome.declineCode,
      charge: charge.id,
      doc_url: docUrl('card_declined'),
      message: outcome.message,
    };
    paymentIntent.status = 'requires_payment_method';
    paymentIntent.latest_charge = charge.id;
    paymentIntent.payment_method = null;
    paymentIntent.last_payment_error = { ...error };
    this.emit('payment_intent.payment_failed', paymentIntent, request);
    return error;
  }

  private failCharge(charge: FakeCharge, outcome: Declined): void {
    charge.status = 'failed';
    charge.failure_code = 'card_declined';
    charge.failure_message = outcome.message;
    charge.outcome = {
      advice_code: null,
      network_advice_code: null,
      network_decline_code: null,
      network_status: 'declined_by_network',
      reason: outcome.declineCode,
      risk_level: 'normal',
      seller_message: 'The bank did not return any further details with this decline.',
      type: 'issuer_declined',
    };
  }

  private charge(
    paymentIntent: FakePaymentIntent,
    status: 'succeeded' | 'pending' | 'failed',
    declined?: Declined,
  ): FakeCharge {
    const succeeded = status === 'succeeded';
    const charge: FakeCharge = {
      id: randomId('ch'),
      object: 'charge',
      amount: paymentIntent.amount,
      amount_captured: succeeded ? paymentIntent.amount : 0,
      amount_refunded: 0,
      application: null,
      application_fee: null,
      application_fee_amount: null,
      balance_transaction: succeeded ? randomId('txn') : null,
      billing_details: {
        address: { city: null, country: null, line1: null, line2: null, postal_code: null, state: null },
        email: null,
        name: null,
        phone: null,
        tax_id: null,
      },
      calculated_statement_descriptor: paymentIntent.statement_descriptor ?? 'PORTAL',
      captured: succeeded,
      created: now(),
      currency: paymentIntent.currency,
      customer: null,
      description: paymentIntent.description,
      disputed: false,
      failure_balance_transaction: null,
      failure_code: null,
      failure_message: null,
      fraud_details: {},
      livemode: false,
      metadata: structuredClone(paymentIntent.metadata),
      on_behalf_of: null,
      outcome: {
        advice_code: null,
        network_advice_code: null,
        network_decline_code: null,
        network_status: 'approved_by_network',
        reason: null,
        risk_level: 'normal',
        seller_message: 'Payment complete.',
        type: 'authorized',
      },
      paid: succeeded,
      payment_intent: paymentIntent.id,
      payment_method: paymentIntent.payment_method as string | null,
      payment_method_details: null,
      receipt_email: paymentIntent.receipt_email,
      receipt_number: null,
      receipt_url: null,
      refunded: false,
      review: null,
      shipping: null,
      source_transfer: null,
      statement_descriptor: paymentIntent.statement_descriptor,
      statement_descriptor_suffix: paymentIntent.statement_descriptor_suffix,
      status,
      transfer_data: null,
      transfer_group: null,
    };
    if (declined) this.failCharge(charge, declined);
    this.charges.set(charge.id, charge);
    return charge;
  }
}

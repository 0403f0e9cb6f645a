import type { MsgHdrs } from '@nats-io/nats-core';
import {
  type Context,
  context,
  propagation,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  type TextMapGetter,
  trace,
} from '@opentelemetry/api';
import { errorMessage } from './logger';

/** What the outbox keeps of the context an event was written in: the W3C fields (`traceparent`, `tracestate`). */
export type TraceCarrier = Record<string, string>;

const tracer = trace.getTracer('@portal/events');

/** The active trace's W3C fields, to store with an outbox row; null outside a trace. */
export function activeTraceCarrier(): TraceCarrier | null {
  const carrier: TraceCarrier = {};
  propagation.inject(context.active(), carrier);
  return Object.keys(carrier).length > 0 ? carrier : null;
}

const natsHeaders: TextMapGetter<MsgHdrs | undefined> = {
  get: (headers, key) => (headers?.has(key) ? headers.get(key) : undefined),
  keys: (headers) => (headers ? headers.keys() : []),
};

/** The context an event's trace continues from: its outbox row's carrier, or its NATS message's headers. */
export function traceParentOf(source: { carrier?: TraceCarrier | null; headers?: MsgHdrs }): Context {
  if (source.carrier) return propagation.extract(ROOT_CONTEXT, source.carrier);
  return propagation.extract(ROOT_CONTEXT, source.headers, natsHeaders);
}

/** A PRODUCER span for the relay's publish of one event: `send <subject>`, child of its outbox row's trace. */
export function startPublishSpan(parent: Context, subject: string, eventId: string): Span {
  return tracer.startSpan(
    `send ${subject}`,
    {
      kind: SpanKind.PRODUCER,
      attributes: {
        'messaging.system': 'nats',
        'messaging.operation.type': 'send',
        'messaging.destination.name': subject,
        'messaging.message.id': eventId,
      },
    },
    parent,
  );
}

/** Writes `span`'s context into the NATS headers of its message. */
export function injectTraceHeaders(span: Span, parent: Context, headers: MsgHdrs): void {
  propagation.inject(trace.setSpan(parent, span), headers, {
    set: (carrier, key, value) => carrier.set(key, value),
  });
}

/**
 * Runs `work` in a CONSUMER span `process <subject>`, the child of the trace the message's headers
 * carry, so the handler's queries, logs and the events it writes continue the producer's trace.
 */
export async function inConsumerSpan<T>(
  headers: MsgHdrs | undefined,
  attributes: { subject: string; consumer: string; eventId: string; deliveryCount: number },
  work: () => Promise<T>,
): Promise<T> {
  const parent = traceParentOf({ headers });
  const span = tracer.startSpan(
    `process ${attributes.subject}`,
    {
      kind: SpanKind.CONSUMER,
      attributes: {
        'messaging.system': 'nats',
        'messaging.operation.type': 'process',
        'messaging.destination.name': attributes.subject,
        'messaging.consumer.group.name': attributes.consumer,
        'messaging.message.id': attributes.eventId,
        'portal.event.delivery_count': attributes.deliveryCount,
      },
    },
    parent,
  );
  try {
    return await context.with(trace.setSpan(parent, span), work);
  } catch (error) {
    markSpanFailed(error, span);
    throw error;
  } finally {
    span.end();
  }
}

/** Sets the error status on `span` (default: the active one), e.g. a consumer span whose handler failed. */
export function markSpanFailed(error: unknown, span = trace.getActiveSpan()): void {
  span?.setStatus({ code: SpanStatusCode.ERROR, message: errorMessage(error) });
}

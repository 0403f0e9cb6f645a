import {
  type CallbackEventType,
  type CallCompletedData,
  callCompletedWebhookDataSchema,
  type EventEnvelope,
  type TicketCreatedData,
  ticketCallbackDataSchema,
  ticketCreatedWebhookDataSchema,
  toPublicId,
  type V1Ticket,
  WEBHOOK_TEST_EVENT_TYPE,
  type WebhookPayload,
  webhookPayloadSchema,
} from '@portal/contracts';

/** The JSON body every attempt of a delivery sends: the event's public id, its type, when, its data. */
export function webhookBody(
  eventId: string,
  event: string,
  createdAt: string,
  data: Record<string, unknown>,
): string {
  const payload: WebhookPayload = webhookPayloadSchema.parse({
    id: toPublicId('event', eventId),
    event,
    created_at: createdAt,
    data,
  });
  return JSON.stringify(payload);
}

/** `portal.tickets.created` as a receiver reads `ticket.created`. */
export const ticketCreatedBody = ({ id, occurredAt, data }: EventEnvelope<TicketCreatedData>) =>
  webhookBody(
    id,
    'ticket.created',
    occurredAt,
    ticketCreatedWebhookDataSchema.parse({
      id: toPublicId('ticket', data.ticketId),
      customer_id: data.customerReference ?? data.customerId,
      subject: data.title,
      created_at: data.createdAt,
    }),
  );

/** `portal.calls.completed` as a receiver reads `call.completed`. */
export const callCompletedBody = ({ id, occurredAt, data }: EventEnvelope<CallCompletedData>) =>
  webhookBody(
    id,
    'call.completed',
    occurredAt,
    callCompletedWebhookDataSchema.parse({
      call_id: data.callId,
      duration: data.durationSeconds,
      resolution: data.resolution,
      agent_id: data.agentId,
    }),
  );

/** A ticket's change as its callback URL reads it: the ticket after the change, as `GET /v1/tickets/{id}`. */
export const ticketCallbackBody = (
  { id, occurredAt }: EventEnvelope,
  event: CallbackEventType,
  ticket: V1Ticket,
) => webhookBody(id, event, occurredAt, ticketCallbackDataSchema.parse({ object: ticket }));

/** 'Send test event': an event of its own, whatever the endpoint subscribes to. */
export const testEventBody = (eventId: string, createdAt: string, endpointId: string) =>
  webhookBody(eventId, WEBHOOK_TEST_EVENT_TYPE, createdAt, {
    message: 'A test event from Millstone CX: your endpoint receives and verifies our webhooks.',
    endpoint_id: endpointId,
  });

import { z } from 'zod';
import { contractVersions } from '../contract-versions';
import { jsonSchemaOf, type JsonSchema } from '../json-schema';
import { events } from './catalog';
import { eventEnvelopeSchema } from './envelope';

/** What the AsyncAPI document is written from: the catalog's entries (tests pass variants of it). */
export type EventCatalog = Record<
  string,
  { subject: string; type: string; version: number; data: z.ZodType }
>;

/** The message id of an event at a version: `ticket.created.v1` (a new version is a new message). */
export const eventMessageId = (type: string, version: number) => `${type}.v${version}`;

/**
 * The AsyncAPI 3.0 document of the events on NATS (committed as `libs/contracts/asyncapi.json`): one
 * channel per subject, whose message is the envelope with the event's `type` and `version` as
 * constants and its payload schema as `data`. The payload is described as consumers accept it
 * (`readEvent` parses it with the catalog's schema), so a default is optional on the wire.
 */
export function eventsAsyncApiDocument(
  catalog: EventCatalog = events,
  version: string = contractVersions.events,
) {
  const entries = Object.entries(catalog).sort(([, a], [, b]) => a.subject.localeCompare(b.subject));
  const channels: Record<string, unknown> = {};
  const messages: Record<string, unknown> = {};
  const operations: Record<string, unknown> = {};
  for (const [name, definition] of entries) {
    const messageId = eventMessageId(definition.type, definition.version);
    const envelope = eventEnvelopeSchema.extend({
      type: z.literal(definition.type),
      version: z.literal(definition.version),
      data: definition.data,
    });
    messages[messageId] = {
      name: definition.type,
      title: `${definition.type} version ${definition.version}`,
      summary: `The catalog's \`${name}\`.`,
      contentType: 'application/json',
      headers: {
        type: 'object',
        properties: {
          'Nats-Msg-Id': { type: 'string', description: "The envelope's `id`: JetStream drops a duplicate." },
          traceparent: {
            type: 'string',
            description: 'W3C trace context of the request that wrote the event.',
          },
        },
      },
      payload: jsonSchemaOf(envelope, 'input') satisfies JsonSchema,
    };
    channels[definition.subject] = {
      address: definition.subject,
      messages: { [messageId]: { $ref: `#/components/messages/${messageId}` } },
    };
    operations[name] = {
      action: 'receive',
      channel: { $ref: `#/channels/${definition.subject}` },
      summary: `Consume ${definition.type}: a durable JetStream consumer of the stream PORTAL.`,
      messages: [{ $ref: `#/channels/${definition.subject}/messages/${messageId}` }],
    };
  }
  return {
    asyncapi: '3.0.0',
    info: {
      title: 'Millstone CX portal events',
      version,
      description:
        'The events the services exchange over NATS JetStream (stream `PORTAL`, subjects `portal.<entity>.<event>`), ' +
        'written from the zod schemas of `libs/contracts` (`events` in `src/events/catalog.ts`). Every message is an ' +
        'envelope `{ id, type, version, occurredAt, data }`; a consumer dead-letters an event whose `version` it ' +
        'cannot read, with the reason.',
    },
    defaultContentType: 'application/json',
    servers: {
      nats: { host: '127.0.0.1:4222', protocol: 'nats', description: 'NATS with JetStream (`NATS_URL`).' },
    },
    channels,
    operations,
    components: { messages },
  };
}
export type EventsAsyncApiDocument = ReturnType<typeof eventsAsyncApiDocument>;

import { z } from 'zod';

/**
 * Every event on the bus travels in this envelope. `id` is also the outbox primary key and the
 * JetStream message id, so a re-published event is recognised as the same event everywhere.
 * Unknown envelope fields are stripped rather than rejected so that producers can add fields first.
 */
export const eventEnvelopeSchema = z.object({
  id: z.uuid(),
  type: z.string().min(1).max(200),
  version: z.number().int().positive(),
  occurredAt: z.iso.datetime(),
  data: z.unknown().refine((value) => value !== undefined, 'data is required'),
});

export type EventEnvelope<T = unknown> = Omit<z.infer<typeof eventEnvelopeSchema>, 'data'> & { data: T };

/** Builds a new envelope with a fresh id (Web Crypto: works in browsers and Node alike). */
export function createEventEnvelope<T>(type: string, data: T, version = 1): EventEnvelope<T> {
  return {
    id: globalThis.crypto.randomUUID(),
    type,
    version,
    occurredAt: new Date().toISOString(),
    data,
  };
}

import { Counter, Gauge } from 'prom-client';

/** Deliveries after the first, of events a consumer failed or did not ack in time (ADR 0209). */
export const redeliveries = new Counter({
  name: 'events_redeliveries_total',
  help: 'Events delivered again to a durable consumer (a handler failed or did not ack in time).',
  labelNames: ['consumer'] as const,
});

/** Messages a consumer gave up on and copied to the dead-letter stream (ADR 0208). */
export const deadLetters = new Counter({
  name: 'events_dead_letters_total',
  help: 'Messages a durable consumer gave up on (malformed, or failed max deliveries) and dead-lettered.',
  labelNames: ['consumer'] as const,
});

interface MeasuredConsumer {
  durable: string;
  /** Messages not yet delivered or delivered and not yet acked; undefined while NATS cannot say. */
  pending(): Promise<number | undefined>;
}

const consumers = new Set<MeasuredConsumer>();

/** Read from JetStream's consumer info when Prometheus scrapes. */
new Gauge({
  name: 'events_consumer_pending',
  help: 'Messages of a durable consumer not yet delivered, or delivered and not yet acked.',
  labelNames: ['consumer'] as const,
  async collect() {
    const read = await Promise.all(
      [...consumers].map(async (consumer) => [consumer.durable, await consumer.pending()] as const),
    );
    this.reset();
    for (const [consumer, pending] of read) if (pending !== undefined) this.set({ consumer }, pending);
  },
});

/** Counts `consumer` in the consumer metrics until the answer is called; its counters start at 0. */
export function measureConsumer(consumer: MeasuredConsumer): () => void {
  consumers.add(consumer);
  redeliveries.inc({ consumer: consumer.durable }, 0);
  deadLetters.inc({ consumer: consumer.durable }, 0);
  return () => {
    consumers.delete(consumer);
  };
}

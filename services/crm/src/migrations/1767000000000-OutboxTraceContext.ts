import { addOutboxTraceContext, dropOutboxTraceContext } from '@portal/events';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The outbox keeps the trace context each event was written in, for the relay to publish (ADR 0210). */
export class OutboxTraceContext1767000000000 implements MigrationInterface {
  name = 'OutboxTraceContext1767000000000';

  up(runner: QueryRunner): Promise<void> {
    return addOutboxTraceContext(runner);
  }

  down(runner: QueryRunner): Promise<void> {
    return dropOutboxTraceContext(runner);
  }
}

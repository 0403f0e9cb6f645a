import { Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { checkDatabase, measureDatabase } from '@portal/db';
import { OutboxRelayService } from '@portal/events';
import { PROBE_TIMEOUT_MS, Readiness } from '@portal/nest-http';
import type { DataSource } from 'typeorm';

/**
 * A service's own dependencies in its readiness (ADR 0209): its database, required (without it no
 * route can answer), and its NATS link, reported only (events wait in the outbox meanwhile); and its
 * database pool and queries in the metrics.
 */
@Injectable()
export class ServiceProbes implements OnModuleInit, OnApplicationShutdown {
  private unmeasure?: () => void;

  constructor(
    private readonly readiness: Readiness,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly relay: OutboxRelayService,
  ) {}

  onModuleInit(): void {
    this.readiness.addCheck('database', async () => {
      if (!(await checkDatabase(this.dataSource, PROBE_TIMEOUT_MS))) throw new Error('no answer to select 1');
    });
    if (this.relay.natsStatus() !== 'not-configured') {
      this.readiness.addCheck(
        'nats',
        async () => {
          if (this.relay.natsStatus() !== 'up') throw new Error('the outbox relay is not connected');
        },
        { required: false },
      );
    }
    this.unmeasure = measureDatabase(this.dataSource);
  }

  onApplicationShutdown(): void {
    this.unmeasure?.();
  }
}

import {
  type DynamicModule,
  Inject,
  Injectable,
  Logger,
  Module,
  type OnApplicationBootstrap,
  type BeforeApplicationShutdown,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { measureOutbox } from './outbox-metrics';
import { OutboxRelay } from './outbox-relay';

export interface OutboxRelayModuleOptions {
  /** Unset: no relay runs and events wait in the outbox until a NATS_URL is configured. */
  natsUrl?: string;
  /** NATS client name, e.g. `identity-outbox`. */
  name: string;
}

export type NatsStatus = 'up' | 'down' | 'not-configured';

const OUTBOX_RELAY_OPTIONS = Symbol('OUTBOX_RELAY_OPTIONS');

/**
 * Runs the outbox relay inside a Nest service when NATS is configured, and reports its link; the
 * outbox's backlog is measured either way (without NATS it is where events wait).
 */
@Injectable()
export class OutboxRelayService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly relay?: OutboxRelay;
  private readonly unmeasure: () => void;

  constructor(
    @Inject(OUTBOX_RELAY_OPTIONS) options: OutboxRelayModuleOptions,
    @InjectDataSource() dataSource: DataSource,
  ) {
    this.unmeasure = measureOutbox(dataSource);
    if (options.natsUrl) {
      this.relay = new OutboxRelay({
        dataSource,
        natsUrl: options.natsUrl,
        name: options.name,
        logger: new Logger('OutboxRelay'),
      });
    }
  }

  onApplicationBootstrap(): void {
    this.relay?.start();
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.unmeasure();
    await this.relay?.stop();
  }

  natsStatus(): NatsStatus {
    if (!this.relay) return 'not-configured';
    return this.relay.isConnected() ? 'up' : 'down';
  }
}

/**
 * `OutboxRelayModule.forRoot({ natsUrl, name })` in a service's root module (next to its TypeORM
 * module): `OutboxRelayService` is then injectable everywhere, e.g. by the health check.
 */
@Module({})
export class OutboxRelayModule {
  static forRoot(options: OutboxRelayModuleOptions): DynamicModule {
    return {
      module: OutboxRelayModule,
      global: true,
      providers: [{ provide: OUTBOX_RELAY_OPTIONS, useValue: options }, OutboxRelayService],
      exports: [OutboxRelayService],
    };
  }
}

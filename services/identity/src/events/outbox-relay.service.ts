import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { OutboxRelay } from '@portal/events';
import type { DataSource } from 'typeorm';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config';

export type NatsStatus = 'up' | 'down' | 'not-configured';

/** Runs the outbox relay inside the service when NATS_URL is set. */
@Injectable()
export class OutboxRelayService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly relay?: OutboxRelay;

  constructor(
    @Inject(IDENTITY_CONFIG) config: Pick<IdentityConfig, 'natsUrl'>,
    @InjectDataSource() dataSource: DataSource,
  ) {
    if (config.natsUrl) {
      this.relay = new OutboxRelay({
        dataSource,
        natsUrl: config.natsUrl,
        name: 'identity-outbox',
        logger: new Logger('OutboxRelay'),
      });
    }
  }

  onApplicationBootstrap(): void {
    this.relay?.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.relay?.stop();
  }

  natsStatus(): NatsStatus {
    if (!this.relay) return 'not-configured';
    return this.relay.isConnected() ? 'up' : 'down';
  }
}

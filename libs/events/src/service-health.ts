import { Controller, Get, Module, Res } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { checkDatabase } from '@portal/db';
import { type NatsStatus, OutboxRelayService } from './outbox-relay.module';
import type { FastifyReply } from 'fastify';
import type { DataSource } from 'typeorm';

export interface HealthBody {
  status: 'ok' | 'degraded';
  checks: { database: 'up' | 'down'; nats: NatsStatus };
}

/**
 * `GET /health` of a service (outside /api: the gateway's readiness check calls it): its database and
 * its NATS link. 503 when the database is down.
 */
@Controller('health')
export class HealthController {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly relay: OutboxRelayService,
  ) {}

  @Get()
  async health(@Res() reply: FastifyReply): Promise<void> {
    const database = (await checkDatabase(this.dataSource, 1000)) ? 'up' : 'down';
    const nats = this.relay.natsStatus();
    const body: HealthBody = {
      status: database === 'up' && nats !== 'down' ? 'ok' : 'degraded',
      checks: { database, nats },
    };
    await reply
      .status(database === 'up' ? 200 : 503)
      .header('cache-control', 'no-store')
      .send(body);
  }
}

/** Every service's `GET /health`; import it in the root module beside `OutboxRelayModule`. */
@Module({ controllers: [HealthController] })
export class ServiceHealthModule {}

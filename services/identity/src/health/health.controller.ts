import { Controller, Get, Res } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { checkDatabase } from '@portal/db';
import { type NatsStatus, OutboxRelayService } from '@portal/events';
import type { FastifyReply } from 'fastify';
import type { DataSource } from 'typeorm';

export interface HealthBody {
  status: 'ok' | 'degraded';
  checks: { database: 'up' | 'down'; nats: NatsStatus };
}

/** `GET /health` (outside /api: the gateway's readiness check calls it). 503 when the database is down. */
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

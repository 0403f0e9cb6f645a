import { Module, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { IdempotencyService, reshapeEarlyV1Errors } from '@portal/nest-http';
import type { FastifyInstance } from 'fastify';
import { AgentsModule } from '../agents/agents.module';
import { TicketsModule } from '../tickets/tickets.module';
import { V1AgentsController } from './v1-agents.controller';
import { V1TicketsController } from './v1-tickets.controller';
import { V1TicketsService } from './v1-tickets.service';

/**
 * The public API's routes that support serves (`/v1/tickets`, `/v1/agents`), behind `ApiKeyGuard`:
 * the gateway forwards them with the path unchanged and an API token for the caller's key. Errors
 * answered before a handler ran are put in the API's shape too (`reshapeEarlyV1Errors`).
 */
@Module({
  imports: [TicketsModule, AgentsModule],
  controllers: [V1TicketsController, V1AgentsController],
  providers: [V1TicketsService, IdempotencyService],
})
export class PublicApiModule implements OnModuleInit {
  constructor(private readonly adapterHost: HttpAdapterHost) {}

  onModuleInit(): void {
    reshapeEarlyV1Errors(this.adapterHost.httpAdapter?.getInstance<FastifyInstance>());
  }
}

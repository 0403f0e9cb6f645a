import { Module, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import { AgentsModule } from '../agents/agents.module';
import { TicketsModule } from '../tickets/tickets.module';
import { IdempotencyService } from './idempotency.service';
import { V1AgentsController } from './v1-agents.controller';
import { v1ErrorBody, v1FieldsForStatus } from './v1-errors';
import { V1TicketsController } from './v1-tickets.controller';
import { V1TicketsService } from './v1-tickets.service';

/**
 * An error answered before a /v1 handler ran (malformed JSON, a body too large or not JSON, an
 * unknown route) was written by the service's global filter as `{ statusCode, message }`: rewritten
 * here, on its way out, in the API's shape. Answers of the handlers are already in it.
 */
function reshapeEarlyV1Error(
  request: { method: string; url: string; id: string },
  reply: { statusCode: number },
  payload: unknown,
): unknown {
  if (reply.statusCode < 400 || typeof payload !== 'string' || !/^\/v1(?:[/?]|$)/.test(request.url)) {
    return payload;
  }
  let body: unknown;
  try {
    body = JSON.parse(payload);
  } catch {
    return payload;
  }
  const { statusCode, message } = (body ?? {}) as { statusCode?: unknown; message?: unknown };
  if (typeof statusCode !== 'number' || typeof message !== 'string') return payload;
  return JSON.stringify(v1ErrorBody(v1FieldsForStatus(reply.statusCode, message, request), request.id));
}

/**
 * The public API's routes that support serves (`/v1/tickets`, `/v1/agents`), behind `ApiKeyGuard`:
 * the gateway forwards them with the path unchanged and an API token for the caller's key.
 */
@Module({
  imports: [TicketsModule, AgentsModule],
  controllers: [V1TicketsController, V1AgentsController],
  providers: [V1TicketsService, IdempotencyService],
})
export class PublicApiModule implements OnModuleInit {
  constructor(private readonly adapterHost: HttpAdapterHost) {}

  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter?.getInstance<FastifyInstance>();
    fastify?.addHook('onSend', (request, reply, payload, done) => {
      done(null, reshapeEarlyV1Error(request, reply, payload));
    });
  }
}

import { Controller, Get, Header, Req, Res } from '@nestjs/common';
import {
  isReady,
  publicReadiness,
  type PublicReadiness,
  Readiness,
  type ReadinessReport,
} from '@portal/nest-http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ReadinessService } from './readiness.service';

/**
 * The list of dependencies and their latencies is for an operator on the gateway's own machine (the
 * runner, the fault and bench tools, `curl` on the host): a call from loopback that no proxy passed on.
 * Probes from elsewhere read the status code; the details are also on the internal port (`/readyz`).
 */
function fromThisMachine(request: FastifyRequest): boolean {
  const peer = request.socket.remoteAddress ?? '';
  const loopback = peer === '::1' || /^(::ffff:)?127\./.test(peer);
  return (
    loopback && request.headers['x-forwarded-for'] === undefined && request.headers.forwarded === undefined
  );
}

/** `/api/healthz` and `/api/readyz`, kept for the tools that call them; `/livez` and `/readyz` are `ProbesModule`'s. */
@Controller('api')
export class HealthController {
  constructor(
    private readonly readiness: Readiness,
    private readonly dependencies: ReadinessService,
  ) {}

  /** Liveness: the process answers. */
  @Get('healthz')
  @Header('Cache-Control', 'no-store')
  healthz(): { status: 'ok' } {
    return { status: 'ok' };
  }

  /** Readiness: the gateway's own PostgreSQL, NATS and Redis answer (services are reported, not required); 503 otherwise. */
  @Get('readyz')
  @Header('Cache-Control', 'no-store')
  async readyz(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ReadinessReport | PublicReadiness> {
    const report = await this.readiness.check(this.dependencies.logDown);
    reply.code(isReady(report) ? 200 : 503);
    return fromThisMachine(request) ? report : publicReadiness(report);
  }
}

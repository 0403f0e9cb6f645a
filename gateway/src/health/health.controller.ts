import { Controller, Get, Header, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ReadinessService, type Readiness } from './readiness.service';

/** What anyone may learn: whether the site can serve, not what is behind it. */
export interface PublicReadiness {
  status: 'ok' | 'unavailable';
}

/**
 * The list of services and their latencies is for an operator on the gateway's own machine (the
 * runner, the fault and bench tools, `curl` on the host): a call from loopback that no proxy passed on.
 * Probes from elsewhere (Kubernetes calls the pod's address) read the status code.
 */
function fromThisMachine(request: FastifyRequest): boolean {
  const peer = request.socket.remoteAddress ?? '';
  const loopback = peer === '::1' || /^(::ffff:)?127\./.test(peer);
  return (
    loopback && request.headers['x-forwarded-for'] === undefined && request.headers.forwarded === undefined
  );
}

@Controller('api')
export class HealthController {
  constructor(private readonly readiness: ReadinessService) {}

  /** Liveness: the process answers. */
  @Get('healthz')
  @Header('Cache-Control', 'no-store')
  healthz(): { status: 'ok' } {
    return { status: 'ok' };
  }

  /** Readiness: every configured service, PostgreSQL and NATS answer; 503 otherwise. */
  @Get('readyz')
  @Header('Cache-Control', 'no-store')
  async readyz(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Readiness | PublicReadiness> {
    const readiness = await this.readiness.check();
    const ready = readiness.status === 'ok';
    reply.code(ready ? 200 : 503);
    if (fromThisMachine(request)) return readiness;
    return { status: ready ? 'ok' : 'unavailable' };
  }
}

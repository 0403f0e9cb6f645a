import { Controller, Get, Header, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { ReadinessService, type Readiness } from './readiness.service';

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
  async readyz(@Res({ passthrough: true }) reply: FastifyReply): Promise<Readiness> {
    const readiness = await this.readiness.check();
    reply.code(readiness.status === 'ok' ? 200 : 503);
    return readiness;
  }
}

import { Controller, Get, Global, Header, Module, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { type PublicReadiness, publicReadiness, Readiness, isReady } from './readiness';

/**
 * The main port's probes: status only (`{status}`), never which dependency is down; the details are on
 * the internal port (`listenInternal`).
 */
@Controller()
export class ProbesController {
  constructor(private readonly readiness: Readiness) {}

  /** Liveness: the process answers. */
  @Get('livez')
  @Header('Cache-Control', 'no-store')
  livez(): { status: 'ok' } {
    return { status: 'ok' };
  }

  /** Readiness: 200 `{status:'ok'}`, or 503 `{status:'unavailable'}` (a required dependency down, or draining). */
  @Get('readyz')
  @Header('Cache-Control', 'no-store')
  async readyz(@Res({ passthrough: true }) reply: FastifyReply): Promise<PublicReadiness> {
    const report = await this.readiness.check();
    reply.code(isReady(report) ? 200 : 503);
    return publicReadiness(report);
  }
}

/** `GET /livez` and `GET /readyz` on the main port, and the process's one `Readiness` (global). */
@Global()
@Module({ controllers: [ProbesController], providers: [Readiness], exports: [Readiness] })
export class ProbesModule {}

import { Controller, Get, Req, Res } from '@nestjs/common';
import { type AuthenticatedUser, CurrentUser, CustomerOnly, SessionRevocations } from '@portal/auth';
import { type LiveMetric, METRIC_STREAM_EVENT, METRIC_STREAM_PATH } from '@portal/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MetricFeed } from './metric-feed';

/** A comment line this often keeps proxies and browsers from closing an idle stream. */
export const PING_INTERVAL_MS = 15_000;
/** How long a browser waits before reconnecting a dropped stream (the SSE `retry` field). */
const RECONNECT_MS = 3000;

/**
 * `GET /api/kpi/stream`: server-sent events of the signed-in customer's new metrics, so the
 * dashboard's KPI cards move without a reload. Each `metric` event says which metric and when; the
 * page then reads the counts from kpi. A signed-out session's stream is closed at its next event.
 */
@Controller()
export class MetricStreamController {
  constructor(
    private readonly feed: MetricFeed,
    private readonly revocations: SessionRevocations,
  ) {}

  @Get(METRIC_STREAM_PATH.slice(1))
  @CustomerOnly()
  stream(
    @CurrentUser() user: AuthenticatedUser,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): void {
    reply.hijack();
    const raw = reply.raw;
    // The security headers and request id set for every response are kept by writeHead.
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-accel-buffering': 'no',
    });
    raw.write(`retry: ${RECONNECT_MS}\nevent: ready\ndata: {}\n\n`);

    let open = true;
    const close = () => {
      if (!open) return;
      open = false;
      clearInterval(ping);
      unsubscribe();
      raw.end();
    };
    const ping = setInterval(() => raw.write(': ping\n\n'), PING_INTERVAL_MS);
    const unsubscribe = this.feed.subscribe(user.id, {
      send: (metric: LiveMetric) => {
        if (this.revocations.isRevoked(user.sessionId)) close();
        else raw.write(`event: ${METRIC_STREAM_EVENT}\ndata: ${JSON.stringify(metric)}\n\n`);
      },
      end: close,
    });
    request.raw.once('close', close);
  }
}

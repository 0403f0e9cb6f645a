import { Controller, Get, Req, Res } from '@nestjs/common';
import { CurrentUser, MemberCan, type OrganizationMember } from '@portal/auth';
import { type LiveMetric, METRIC_STREAM_EVENT, METRIC_STREAM_PATH } from '@portal/contracts';
import { TooManyRequestsException } from '@portal/nest-http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MetricFeed } from './metric-feed';
import { OpenStreams } from './open-streams';

/** A comment line this often keeps proxies and browsers from closing an idle stream. */
export const PING_INTERVAL_MS = 15_000;
/** How long a browser waits before reconnecting a dropped stream (the SSE `retry` field). */
const RECONNECT_MS = 3000;
/** The `Retry-After` of a stream refused for the per-user limit: about when a closed tab's slot is free. */
const STREAM_LIMIT_RETRY_SECONDS = 10;

/**
 * `GET /api/kpi/stream`: server-sent events of the new metrics of the organization the token acts in
 * (any member whose role may read KPIs), so the dashboard's KPI cards move without a reload. Each
 * `metric` event says which metric and when; the page then reads the counts from kpi. One user holds
 * at most `maxStreamsPerUser` streams (the next answers 429 before it starts); a signed-out session's
 * streams close as the sign-out arrives, and a member's streams as a change of their membership
 * (role changed, removed) arrives.
 */
@Controller()
export class MetricStreamController {
  constructor(
    private readonly feed: MetricFeed,
    private readonly streams: OpenStreams,
  ) {}

  @Get(METRIC_STREAM_PATH.slice(1))
  @MemberCan('kpis.read')
  stream(
    @CurrentUser() user: OrganizationMember,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): void {
    const release = this.streams.admit(user, () => close());
    if (!release) {
      throw new TooManyRequestsException(
        'Too many live updates are open for your account. Please close one and try again.',
        STREAM_LIMIT_RETRY_SECONDS,
      );
    }
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
      release();
      raw.end();
    };
    const ping = setInterval(() => raw.write(': ping\n\n'), PING_INTERVAL_MS);
    const unsubscribe = this.feed.subscribe(user.organizationId, {
      send: (metric: LiveMetric) =>
        raw.write(`event: ${METRIC_STREAM_EVENT}\ndata: ${JSON.stringify(metric)}\n\n`),
      end: close,
    });
    request.raw.once('close', close);
    // A client gone before the stream was set up never emits 'close' again: give its slot back now.
    if (request.raw.destroyed) close();
  }
}

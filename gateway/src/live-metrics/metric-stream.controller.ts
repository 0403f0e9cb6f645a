import { Controller, Get, Req, Res } from '@nestjs/common';
import { CurrentUser, MemberCan, type OrganizationMember } from '@portal/auth';
import { type LiveMetric, METRIC_STREAM_EVENT, METRIC_STREAM_PATH } from '@portal/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MetricFeed } from './metric-feed';
import { startEventStream } from '../live-streams/event-stream';
import { OpenStreams } from '../live-streams/open-streams';

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
    startEventStream<LiveMetric>({
      user,
      request,
      reply,
      streams: this.streams,
      event: METRIC_STREAM_EVENT,
      subscribe: (listener) => this.feed.subscribe(user.organizationId, listener),
    });
  }
}

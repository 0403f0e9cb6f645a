import { Controller, Get, Query, Req, Res } from '@nestjs/common';
import {
  type AuthenticatedUser,
  CurrentUser,
  MemberCan,
  type OrganizationMember,
  StaffOnly,
} from '@portal/auth';
import {
  CUSTOMER_TICKET_STREAM_PATH,
  type CustomerTicketEvent,
  type CustomerTicketStreamQuery,
  customerTicketStreamQuerySchema,
  STAFF_TICKET_STREAM_PATH,
  type StaffTicketEvent,
  TICKET_STREAM_EVENT,
} from '@portal/contracts';
import { ZodValidationPipe } from '@portal/nest-http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { startEventStream } from '../live-streams/event-stream';
import { OpenStreams } from '../live-streams/open-streams';
import { TicketFeed } from './ticket-feed';

/**
 * The live ticket streams (server-sent events; the contract in `@portal/contracts`' ticket-stream):
 * `GET /api/support/stream` for any member (`tickets.use`): their organization's ticket changes, one
 * ticket's with `?ticketId=` (the open ticket page); `GET /api/support/staff/stream` for staff: every
 * ticket's activity (the staff queue). Each `ticket` event says what changed; the page reads the
 * ticket from support. Streams count towards the user's share, end at sign-out, and a member's when
 * their membership changes, as the live metrics do.
 */
@Controller()
export class TicketStreamController {
  constructor(
    private readonly feed: TicketFeed,
    private readonly streams: OpenStreams,
  ) {}

  @Get(CUSTOMER_TICKET_STREAM_PATH.slice(1))
  @MemberCan('tickets.use')
  customer(
    @CurrentUser() user: OrganizationMember,
    @Query(new ZodValidationPipe(customerTicketStreamQuerySchema)) query: CustomerTicketStreamQuery,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): void {
    startEventStream<CustomerTicketEvent>({
      user,
      request,
      reply,
      streams: this.streams,
      event: TICKET_STREAM_EVENT,
      subscribe: (listener) =>
        this.feed.subscribeCustomer(user.organizationId, query.ticketId ?? null, listener),
    });
  }

  @Get(STAFF_TICKET_STREAM_PATH.slice(1))
  @StaffOnly()
  staff(
    @CurrentUser() user: AuthenticatedUser,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): void {
    startEventStream<StaffTicketEvent>({
      user,
      request,
      reply,
      streams: this.streams,
      event: TICKET_STREAM_EVENT,
      subscribe: (listener) => this.feed.subscribeStaff(listener),
    });
  }
}

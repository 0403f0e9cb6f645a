import { Controller, Get, Req, Res } from '@nestjs/common';
import {
  type AuthenticatedUser,
  CurrentUser,
  MemberCan,
  type OrganizationMember,
  StaffOnly,
} from '@portal/auth';
import {
  CHAT_STREAM_EVENT,
  CUSTOMER_CHAT_STREAM_PATH,
  type CustomerChatEvent,
  STAFF_CHAT_STREAM_PATH,
  type StaffChatEvent,
} from '@portal/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { startEventStream } from '../live-streams/event-stream';
import { OpenStreams } from '../live-streams/open-streams';
import { ChatFeed } from './chat-feed';

/**
 * The live chat streams (server-sent events; the contract in `@portal/contracts`' chat-stream):
 * `GET /api/support/chats/stream` for any member (`tickets.use`): their organization's chats and the
 * staff's presence; `GET /api/support/staff/chats/stream` for staff: every chat's activity. Counted
 * in the user's share of streams, ended at sign-out and on a membership change, like the others.
 */
@Controller()
export class ChatStreamController {
  constructor(
    private readonly feed: ChatFeed,
    private readonly streams: OpenStreams,
  ) {}

  @Get(CUSTOMER_CHAT_STREAM_PATH.slice(1))
  @MemberCan('tickets.use')
  customer(
    @CurrentUser() user: OrganizationMember,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): void {
    startEventStream<CustomerChatEvent>({
      user,
      request,
      reply,
      streams: this.streams,
      event: CHAT_STREAM_EVENT,
      subscribe: (listener) => this.feed.subscribeCustomer(user.organizationId, listener),
    });
  }

  @Get(STAFF_CHAT_STREAM_PATH.slice(1))
  @StaffOnly()
  staff(
    @CurrentUser() user: AuthenticatedUser,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): void {
    startEventStream<StaffChatEvent>({
      user,
      request,
      reply,
      streams: this.streams,
      event: CHAT_STREAM_EVENT,
      subscribe: (listener) => this.feed.subscribeStaff(listener),
    });
  }
}

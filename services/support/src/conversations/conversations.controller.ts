import {
  Body,
  Controller,
  Get,
  HttpCode,
  HttpStatus,
  NotFoundException,
  Param,
  ParseUUIDPipe,
  Post,
} from '@nestjs/common';
import { CurrentUser, MemberCan, type OrganizationMember } from '@portal/auth';
import {
  type CustomerTicket,
  type ReplyRequest,
  replyRequestSchema,
  type ReplyResponse,
  type TicketMessagesResponse,
  ticketMessages,
} from '@portal/contracts';
import type { Writer } from '../attachments/attach-uploads';
import { TicketsService } from '../tickets/tickets.service';
import { toCustomerTicketView } from '../tickets/ticket-view';
import { ConversationsService } from './conversations.service';
import { toCustomerMessageView } from './message-view';

const ticketNotFound = () => new NotFoundException(ticketMessages.ticketNotFound);
const ticketId = () => new ParseUUIDPipe({ exceptionFactory: ticketNotFound });
const member = (who: OrganizationMember): Writer => ({
  side: 'customer',
  userId: who.id,
  organizationId: who.organizationId,
});

/**
 * A ticket's conversation as its organization's members have it: the thread (never an internal
 * note), replies, closing, reopening and the read marker. Another organization's ticket answers the
 * same 404 as an unknown one.
 */
@Controller('api/support/tickets/:id')
@MemberCan('tickets.use')
export class ConversationsController {
  constructor(
    private readonly conversations: ConversationsService,
    private readonly tickets: TicketsService,
  ) {}

  @Get('messages')
  async messages(
    @CurrentUser() who: OrganizationMember,
    @Param('id', ticketId()) id: string,
  ): Promise<TicketMessagesResponse> {
    if (!(await this.tickets.findForOrganization(who.organizationId, id))) throw ticketNotFound();
    const thread = await this.conversations.thread(id, false);
    return { messages: thread.map(toCustomerMessageView) };
  }

  @Post('messages')
  @HttpCode(HttpStatus.CREATED)
  async reply(
    @CurrentUser() who: OrganizationMember,
    @Param('id', ticketId()) id: string,
    @Body({ schema: replyRequestSchema }) body: Required<ReplyRequest>,
  ): Promise<ReplyResponse> {
    const written = await this.conversations.write(member(who), id, { ...body, internal: false });
    if (!written) throw ticketNotFound();
    return {
      message: toCustomerMessageView(written.message),
      ticket: toCustomerTicketView(written.ticket, written.ticket.lastMessageAt),
    };
  }

  @Post('close')
  @HttpCode(HttpStatus.OK)
  async close(
    @CurrentUser() who: OrganizationMember,
    @Param('id', ticketId()) id: string,
  ): Promise<CustomerTicket> {
    return this.view(who, await this.conversations.close(member(who), id));
  }

  @Post('reopen')
  @HttpCode(HttpStatus.OK)
  async reopen(
    @CurrentUser() who: OrganizationMember,
    @Param('id', ticketId()) id: string,
  ): Promise<CustomerTicket> {
    return this.view(who, await this.conversations.reopen(member(who), id));
  }

  @Post('read')
  @HttpCode(HttpStatus.NO_CONTENT)
  async read(@CurrentUser() who: OrganizationMember, @Param('id', ticketId()) id: string): Promise<void> {
    if (!(await this.conversations.read(who.organizationId, id, who.id))) throw ticketNotFound();
  }

  private async view(who: OrganizationMember, ticket: Awaited<ReturnType<TicketsService['find']>>) {
    if (!ticket) throw ticketNotFound();
    const reads = await this.conversations.readTimes([ticket.id], who.id);
    return toCustomerTicketView(ticket, reads.get(ticket.id) ?? null);
  }
}

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
  type ChatAvailability,
  type ChatDetail,
  type ChatListResponse,
  type ChatMessage,
  type ChatMessageRequest,
  chatMessageRequestSchema,
  chatMessages,
  DEFAULT_TICKET_PRIORITY,
  ticketSlaTable,
} from '@portal/contracts';
import { TicketLimitsService } from '../tickets/ticket-limits.service';
import { ChatLimitsService } from './chat-limits.service';
import { type ChatActor, ChatsService } from './chats.service';

const chatNotFound = () => new NotFoundException(chatMessages.chatNotFound);
const chatId = () => new ParseUUIDPipe({ exceptionFactory: chatNotFound });
const actor = (member: OrganizationMember): ChatActor => ({
  side: 'customer',
  userId: member.id,
  organizationId: member.organizationId,
});

/**
 * The dashboard's live chat (ADR 0236): any member (`tickets.use`) reads and writes the chats of the
 * organization their token acts in; another organization's chat answers the 404 of an unknown one.
 */
@Controller('api/support/chats')
@MemberCan('tickets.use')
export class ChatsController {
  constructor(
    private readonly chats: ChatsService,
    private readonly limits: ChatLimitsService,
    private readonly ticketLimits: TicketLimitsService,
  ) {}

  /** Whether a staffer is online now, and the first-response target a chat that becomes a ticket gets. */
  @Get('availability')
  async availability(): Promise<ChatAvailability> {
    return {
      staffOnline: (await this.chats.staffOnline()) > 0,
      ticketFirstResponseMinutes: ticketSlaTable[DEFAULT_TICKET_PRIORITY].firstResponseMinutes,
    };
  }

  /** The organization's latest chats, newest first (the panel's history). */
  @Get()
  async list(@CurrentUser() member: OrganizationMember): Promise<ChatListResponse> {
    return { chats: await this.chats.listForOrganization(member.organizationId) };
  }

  /**
   * Starts a chat with its first message. With no staffer online it becomes a ticket at once, which
   * counts towards the organization's hourly ticket share (429 beyond it).
   */
  @Post()
  @HttpCode(HttpStatus.CREATED)
  async start(
    @CurrentUser() member: OrganizationMember,
    @Body({ schema: chatMessageRequestSchema }) body: ChatMessageRequest,
  ): Promise<ChatDetail> {
    await this.limits.admitMessage(member.id);
    return this.chats.start(member, body.message, () => this.ticketLimits.admitTicket(member.organizationId));
  }

  @Get(':id')
  detail(@CurrentUser() member: OrganizationMember, @Param('id', chatId()) id: string): Promise<ChatDetail> {
    return this.chats.detailForOrganization(member.organizationId, id);
  }

  /** A member's message in a waiting or active chat (409 once it ended or became a ticket). */
  @Post(':id/messages')
  @HttpCode(HttpStatus.CREATED)
  async post(
    @CurrentUser() member: OrganizationMember,
    @Param('id', chatId()) id: string,
    @Body({ schema: chatMessageRequestSchema }) body: ChatMessageRequest,
  ): Promise<ChatMessage> {
    await this.limits.admitMessage(member.id);
    return this.chats.post(actor(member), id, body.message);
  }

  /** The member is typing: staff see it for a few seconds; never stored. */
  @Post(':id/typing')
  @HttpCode(HttpStatus.NO_CONTENT)
  async typing(@CurrentUser() member: OrganizationMember, @Param('id', chatId()) id: string): Promise<void> {
    await this.chats.typing(actor(member), id);
  }

  /** The member ends the chat; it stays readable. */
  @Post(':id/close')
  @HttpCode(HttpStatus.OK)
  async close(
    @CurrentUser() member: OrganizationMember,
    @Param('id', chatId()) id: string,
  ): Promise<ChatDetail> {
    await this.chats.close(actor(member), id);
    return this.chats.detailForOrganization(member.organizationId, id);
  }
}

import {
  BadRequestException,
  Body,
  Controller,
  Get,
  HttpCode,
  HttpStatus,
  NotFoundException,
  Param,
  ParseUUIDPipe,
  Post,
  Query,
} from '@nestjs/common';
import { CurrentUser, MemberCan, type OrganizationMember } from '@portal/auth';
import {
  conversationMessages,
  createTicketRequestSchema,
  type CustomerTicket,
  type CustomerTicketPage,
  type CustomerTicketPageQuery,
  customerTicketPageQuerySchema,
  type Ticket,
  ticketMessages,
  type UnreadTicketsResponse,
} from '@portal/contracts';
import { decodeKeysetCursor, encodeKeysetCursor } from '@portal/db';
import { ConversationsService } from '../conversations/conversations.service';
import { TicketLimitsService } from './ticket-limits.service';
import { toCustomerTicketView, toTicketView } from './ticket-view';
import { type NewTicket, TicketsService } from './tickets.service';

const ticketNotFound = () => new NotFoundException(ticketMessages.ticketNotFound);

/**
 * The support tickets of the organization the token acts in: the dashboard's Support tab. Every member
 * (`tickets.use`) sees and opens the organization's tickets; each keeps who opened it.
 */
@Controller('api/support/tickets')
@MemberCan('tickets.use')
export class TicketsController {
  constructor(
    private readonly tickets: TicketsService,
    private readonly limits: TicketLimitsService,
    private readonly conversations: ConversationsService,
  ) {}

  /** The whole list, newest first (the Overview's figures); the Support tab pages with `page`. */
  @Get()
  async list(@CurrentUser() member: OrganizationMember): Promise<Ticket[]> {
    return (await this.tickets.listForOrganization(member.organizationId)).map(toTicketView);
  }

  /** A page of the organization's tickets, newest first, each with this member's unread marker. */
  @Get('page')
  async page(
    @CurrentUser() member: OrganizationMember,
    @Query({ schema: customerTicketPageQuerySchema }) { cursor, ...query }: CustomerTicketPageQuery,
  ): Promise<CustomerTicketPage> {
    const after = cursor === undefined ? undefined : decodeKeysetCursor(cursor);
    if (after === null) throw new BadRequestException(conversationMessages.cursorInvalid);
    const page = await this.tickets.pageForOrganization(member.organizationId, { ...query, after });
    const reads = await this.conversations.readTimes(
      page.tickets.map((ticket) => ticket.id),
      member.id,
    );
    const now = new Date();
    return {
      tickets: page.tickets.map((ticket) => toCustomerTicketView(ticket, reads.get(ticket.id) ?? null, now)),
      nextCursor: page.next && encodeKeysetCursor(page.next),
    };
  }

  /** How many of the organization's tickets have a staff reply this member has not read (the tab's marker). */
  @Get('unread')
  async unread(@CurrentUser() member: OrganizationMember): Promise<UnreadTicketsResponse> {
    return { unread: await this.conversations.unreadCount(member.organizationId, member.id) };
  }

  /**
   * The New Ticket dialog: title, description, priority, uploads for its first message; a ticket
   * always opens as `open`. A valid request counts towards the organization's hourly limit (429 beyond it).
   */
  @Post()
  @HttpCode(HttpStatus.CREATED)
  async create(
    @CurrentUser() member: OrganizationMember,
    @Body({ schema: createTicketRequestSchema }) body: NewTicket,
  ): Promise<Ticket> {
    await this.limits.admitTicket(member.organizationId);
    return toTicketView(await this.tickets.open(member, body));
  }

  /** The ticket with its clocks and unread marker. Another organization's ticket answers exactly as an unknown one does. */
  @Get(':id')
  async get(
    @CurrentUser() member: OrganizationMember,
    @Param('id', new ParseUUIDPipe({ exceptionFactory: ticketNotFound })) id: string,
  ): Promise<CustomerTicket> {
    const ticket = await this.tickets.findForOrganization(member.organizationId, id);
    if (!ticket) throw ticketNotFound();
    const reads = await this.conversations.readTimes([ticket.id], member.id);
    return toCustomerTicketView(ticket, reads.get(ticket.id) ?? null);
  }
}

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
import { createTicketRequestSchema, type Ticket, ticketMessages } from '@portal/contracts';
import { TicketLimitsService } from './ticket-limits.service';
import { toTicketView } from './ticket-view';
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
  ) {}

  @Get()
  async list(@CurrentUser() member: OrganizationMember): Promise<Ticket[]> {
    return (await this.tickets.listForOrganization(member.organizationId)).map(toTicketView);
  }

  /**
   * The New Ticket dialog: title, description, priority; a ticket always opens as `open`. A valid
   * request counts towards the organization's hourly limit (429 beyond it).
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

  /** Another organization's ticket answers exactly as an unknown one does. */
  @Get(':id')
  async get(
    @CurrentUser() member: OrganizationMember,
    @Param('id', new ParseUUIDPipe({ exceptionFactory: ticketNotFound })) id: string,
  ): Promise<Ticket> {
    const ticket = await this.tickets.findForOrganization(member.organizationId, id);
    if (!ticket) throw ticketNotFound();
    return toTicketView(ticket);
  }
}

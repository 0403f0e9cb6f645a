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
import { type AuthenticatedUser, CurrentUser, CustomerOnly } from '@portal/auth';
import { createTicketRequestSchema, type Ticket, ticketMessages } from '@portal/contracts';
import { TicketLimitsService } from './ticket-limits.service';
import { toTicketView } from './ticket-view';
import { type NewTicket, TicketsService } from './tickets.service';

const ticketNotFound = () => new NotFoundException(ticketMessages.ticketNotFound);

/** The signed-in customer's own support tickets: the dashboard's Support tab. */
@Controller('api/support/tickets')
@CustomerOnly()
export class TicketsController {
  constructor(
    private readonly tickets: TicketsService,
    private readonly limits: TicketLimitsService,
  ) {}

  @Get()
  async list(@CurrentUser() customer: AuthenticatedUser): Promise<Ticket[]> {
    return (await this.tickets.listForCustomer(customer.id)).map(toTicketView);
  }

  /**
   * The New Ticket dialog: title, description, priority; a ticket always opens as `open`. A valid
   * request counts towards the customer's hourly limit (429 beyond it).
   */
  @Post()
  @HttpCode(HttpStatus.CREATED)
  async create(
    @CurrentUser() customer: AuthenticatedUser,
    @Body({ schema: createTicketRequestSchema }) body: NewTicket,
  ): Promise<Ticket> {
    await this.limits.admitTicket(customer.id);
    return toTicketView(await this.tickets.open(customer, body));
  }

  /** Another customer's ticket answers exactly as an unknown one does. */
  @Get(':id')
  async get(
    @CurrentUser() customer: AuthenticatedUser,
    @Param('id', new ParseUUIDPipe({ exceptionFactory: ticketNotFound })) id: string,
  ): Promise<Ticket> {
    const ticket = await this.tickets.findForCustomer(customer.id, id);
    if (!ticket) throw ticketNotFound();
    return toTicketView(ticket);
  }
}

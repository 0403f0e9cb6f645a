import { Body, Controller, Get, NotFoundException, Param, ParseUUIDPipe, Patch, Query } from '@nestjs/common';
import { StaffOnly } from '@portal/auth';
import {
  type StaffTicket,
  type StaffTicketListQuery,
  staffTicketListQuerySchema,
  ticketMessages,
  type UpdateTicketStatusRequest,
  updateTicketStatusRequestSchema,
} from '@portal/contracts';
import { toStaffTicketView } from './ticket-view';
import { TicketsService } from './tickets.service';

const ticketNotFound = () => new NotFoundException(ticketMessages.ticketNotFound);

/** The support queue: staff (spec section 6, isAdmin) see every customer's tickets and move them on. */
@Controller('api/support/staff/tickets')
@StaffOnly()
export class StaffTicketsController {
  constructor(private readonly tickets: TicketsService) {}

  @Get()
  async list(
    @Query({ schema: staffTicketListQuerySchema }) query: StaffTicketListQuery,
  ): Promise<StaffTicket[]> {
    return (await this.tickets.listForStaff(query.status)).map(toStaffTicketView);
  }

  @Patch(':id')
  async changeStatus(
    @Param('id', new ParseUUIDPipe({ exceptionFactory: ticketNotFound })) id: string,
    @Body({ schema: updateTicketStatusRequestSchema }) body: UpdateTicketStatusRequest,
  ): Promise<StaffTicket> {
    const ticket = await this.tickets.changeStatus(id, body.status);
    if (!ticket) throw ticketNotFound();
    return toStaffTicketView(ticket);
  }
}

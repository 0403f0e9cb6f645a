import {
  BadRequestException,
  Body,
  Controller,
  Get,
  NotFoundException,
  Param,
  ParseUUIDPipe,
  Patch,
  Query,
} from '@nestjs/common';
import { StaffOnly } from '@portal/auth';
import {
  type StaffTicket,
  type StaffTicketListQuery,
  staffTicketListQuerySchema,
  type StaffTicketListResponse,
  staffTicketMessages,
  ticketMessages,
  type UpdateTicketStatusRequest,
  updateTicketStatusRequestSchema,
} from '@portal/contracts';
import { decodeKeysetCursor, encodeKeysetCursor } from '@portal/db';
import { toStaffTicketView } from './ticket-view';
import { TicketsService } from './tickets.service';

const ticketNotFound = () => new NotFoundException(ticketMessages.ticketNotFound);

/** The support queue: staff (isAdmin) see every customer's tickets and move them on. */
@Controller('api/support/staff/tickets')
@StaffOnly()
export class StaffTicketsController {
  constructor(private readonly tickets: TicketsService) {}

  /** A page of the queue, newest first; `nextCursor` asks for the page after it. */
  @Get()
  async list(
    @Query({ schema: staffTicketListQuerySchema }) { cursor, ...query }: StaffTicketListQuery,
  ): Promise<StaffTicketListResponse> {
    const after = cursor === undefined ? undefined : decodeKeysetCursor(cursor);
    if (after === null) throw new BadRequestException(staffTicketMessages.cursorInvalid);
    const page = await this.tickets.listForStaff({ ...query, after });
    return {
      tickets: page.tickets.map(toStaffTicketView),
      nextCursor: page.next && encodeKeysetCursor(page.next),
    };
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

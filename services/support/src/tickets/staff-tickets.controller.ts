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
import { type AuthenticatedUser, CurrentUser, StaffOnly } from '@portal/auth';
import {
  type StaffTicket,
  type StaffTicketListQuery,
  staffTicketListQuerySchema,
  type StaffTicketListResponse,
  staffTicketMessages,
  ticketMessages,
  type UpdateStaffTicketRequest,
  updateStaffTicketRequestSchema,
} from '@portal/contracts';
import { toStaffTicketView } from './ticket-view';
import { decodeQueueCursor, encodeQueueCursor, TicketsService } from './tickets.service';

const ticketNotFound = () => new NotFoundException(ticketMessages.ticketNotFound);

/** The support queue: staff (isAdmin) see every customer's tickets and move them on. */
@Controller('api/support/staff/tickets')
@StaffOnly()
export class StaffTicketsController {
  constructor(private readonly tickets: TicketsService) {}

  /** A page of the queue, newest first; `nextCursor` asks for the page after it. */
  @Get()
  async list(
    @CurrentUser() staff: AuthenticatedUser,
    @Query({ schema: staffTicketListQuerySchema }) { cursor, assigneeId, ...query }: StaffTicketListQuery,
  ): Promise<StaffTicketListResponse> {
    const after = cursor === undefined ? undefined : decodeQueueCursor(cursor);
    if (after === null) throw new BadRequestException(staffTicketMessages.cursorInvalid);
    const now = new Date();
    const page = await this.tickets.listForStaff(
      {
        ...query,
        ...(assigneeId !== undefined && {
          assigneeId: assigneeId === 'me' ? staff.id : assigneeId === 'none' ? null : assigneeId,
        }),
        after,
      },
      now,
    );
    return {
      tickets: page.tickets.map((ticket) => toStaffTicketView(ticket, now)),
      nextCursor: page.next && encodeQueueCursor(page.next),
    };
  }

  /** Status, priority and/or assignee (`"me"`: the caller). */
  @Patch(':id')
  async change(
    @CurrentUser() staff: AuthenticatedUser,
    @Param('id', new ParseUUIDPipe({ exceptionFactory: ticketNotFound })) id: string,
    @Body({ schema: updateStaffTicketRequestSchema }) body: UpdateStaffTicketRequest,
  ): Promise<StaffTicket> {
    const { assigneeId, ...rest } = body;
    const ticket = await this.tickets.changeForStaff(id, {
      ...rest,
      ...(assigneeId !== undefined && { assigneeId: assigneeId === 'me' ? staff.id : assigneeId }),
    });
    if (!ticket) throw ticketNotFound();
    return toStaffTicketView(ticket);
  }
}

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
  Patch,
  Post,
  Query,
} from '@nestjs/common';
import { type AuthenticatedUser, CurrentUser, StaffOnly } from '@portal/auth';
import {
  type StaffReplyRequest,
  staffReplyRequestSchema,
  type StaffReplyResponse,
  type StaffTicket,
  type StaffTicketDetail,
  type StaffTicketListQuery,
  staffTicketListQuerySchema,
  type StaffTicketListResponse,
  staffTicketMessages,
  ticketMessages,
  type UpdateStaffTicketRequest,
  updateStaffTicketRequestSchema,
} from '@portal/contracts';
import { ConversationsService } from '../conversations/conversations.service';
import { toStaffMessageView } from '../conversations/message-view';
import { staffTicketView, toStaffTicketView } from './ticket-view';
import { decodeQueueCursor, encodeQueueCursor, TicketsService } from './tickets.service';

const ticketNotFound = () => new NotFoundException(ticketMessages.ticketNotFound);

/**
 * The support queue: staff (isAdmin) see every customer's tickets, answer them, write internal notes
 * and move them on (status, priority, assignee).
 */
@Controller('api/support/staff/tickets')
@StaffOnly()
export class StaffTicketsController {
  constructor(
    private readonly tickets: TicketsService,
    private readonly conversations: ConversationsService,
  ) {}

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
      tickets: page.tickets.map((ticket) => staffTicketView(ticket, now.toISOString())),
      nextCursor: page.next && encodeQueueCursor(page.next),
    };
  }

  /** The ticket and its whole thread, internal notes included. */
  @Get(':id')
  async get(
    @Param('id', new ParseUUIDPipe({ exceptionFactory: ticketNotFound })) id: string,
  ): Promise<StaffTicketDetail> {
    const ticket = await this.tickets.find(id);
    if (!ticket) throw ticketNotFound();
    const thread = await this.conversations.thread(id, true);
    return { ticket: toStaffTicketView(ticket), messages: thread.map(toStaffMessageView) };
  }

  /** A reply the customer reads, or an internal note (`internal: true`) only staff read. */
  @Post(':id/messages')
  @HttpCode(HttpStatus.CREATED)
  async reply(
    @CurrentUser() staff: AuthenticatedUser,
    @Param('id', new ParseUUIDPipe({ exceptionFactory: ticketNotFound })) id: string,
    @Body({ schema: staffReplyRequestSchema }) body: Required<StaffReplyRequest>,
  ): Promise<StaffReplyResponse> {
    const written = await this.conversations.write({ side: 'staff', userId: staff.id }, id, body);
    if (!written) throw ticketNotFound();
    return { message: toStaffMessageView(written.message), ticket: toStaffTicketView(written.ticket) };
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

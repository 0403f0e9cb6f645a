import {
  BadRequestException,
  Body,
  Controller,
  Get,
  Header,
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
  type CreateLeadNoteRequest,
  createLeadNoteRequestSchema,
  type LeadNote,
  type StaffLead,
  type StaffLeadDetail,
  type StaffLeadListQuery,
  staffLeadListQuerySchema,
  type StaffLeadListResponse,
  staffLeadMessages,
  type UpdateLeadRequest,
  updateLeadRequestSchema,
} from '@portal/contracts';
import { decodeKeysetCursor, encodeKeysetCursor } from '@portal/db';
import { StaffLeadsService } from './staff-leads.service';

const leadNotFound = () => new NotFoundException(staffLeadMessages.leadNotFound);
const leadId = new ParseUUIDPipe({ exceptionFactory: leadNotFound });

/** Staff (isAdmin) read and work the leads: status, notes. Customers get 403. */
@Controller('api/crm/staff/leads')
@StaffOnly()
export class StaffLeadsController {
  constructor(private readonly leads: StaffLeadsService) {}

  @Get()
  @Header('cache-control', 'no-store')
  async list(
    @Query({ schema: staffLeadListQuerySchema }) { cursor, ...query }: StaffLeadListQuery,
  ): Promise<StaffLeadListResponse> {
    const after = cursor === undefined ? undefined : decodeKeysetCursor(cursor);
    if (after === null) throw new BadRequestException(staffLeadMessages.cursorInvalid);
    const page = await this.leads.list({ ...query, after });
    return { leads: page.leads, nextCursor: page.next && encodeKeysetCursor(page.next) };
  }

  @Get(':id')
  @Header('cache-control', 'no-store')
  async get(@Param('id', leadId) id: string): Promise<StaffLeadDetail> {
    const lead = await this.leads.find(id);
    if (!lead) throw leadNotFound();
    return lead;
  }

  @Patch(':id')
  async update(
    @Param('id', leadId) id: string,
    @Body({ schema: updateLeadRequestSchema }) body: UpdateLeadRequest,
  ): Promise<StaffLead> {
    const lead = await this.leads.setStatus(id, body.status);
    if (!lead) throw leadNotFound();
    return lead;
  }

  @Post(':id/notes')
  @HttpCode(HttpStatus.CREATED)
  async addNote(
    @Param('id', leadId) id: string,
    @Body({ schema: createLeadNoteRequestSchema }) body: CreateLeadNoteRequest,
    @CurrentUser() staff: AuthenticatedUser,
  ): Promise<LeadNote> {
    const note = await this.leads.addNote(id, staff.id, body.body);
    if (!note) throw leadNotFound();
    return note;
  }
}

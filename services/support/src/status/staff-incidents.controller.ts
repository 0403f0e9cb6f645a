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
import { type AuthenticatedUser, CurrentUser, StaffOnly } from '@portal/auth';
import {
  type IncidentListResponse,
  type IncidentResponse,
  type IncidentUpdateRequest,
  incidentUpdateRequestSchema,
  type OpenIncidentRequest,
  openIncidentRequestSchema,
  statusMessages,
} from '@portal/contracts';
import { IncidentsService } from './incidents.service';

const incidentNotFound = () => new NotFoundException(statusMessages.incidentNotFound);

/** Staff open, update and resolve the status page's incidents (ADR 0235). */
@Controller('api/support/staff/incidents')
@StaffOnly()
export class StaffIncidentsController {
  constructor(private readonly incidents: IncidentsService) {}

  @Get()
  async list(): Promise<IncidentListResponse> {
    return { incidents: await this.incidents.listForStaff() };
  }

  @Post()
  @HttpCode(HttpStatus.CREATED)
  async open(
    @CurrentUser() staff: AuthenticatedUser,
    @Body({ schema: openIncidentRequestSchema }) body: OpenIncidentRequest,
  ): Promise<IncidentResponse> {
    return { incident: await this.incidents.open(staff.id, body) };
  }

  /** An update; `status: 'resolved'` resolves it (409 once resolved). */
  @Post(':id/updates')
  @HttpCode(HttpStatus.CREATED)
  async update(
    @CurrentUser() staff: AuthenticatedUser,
    @Param('id', new ParseUUIDPipe({ exceptionFactory: incidentNotFound })) id: string,
    @Body({ schema: incidentUpdateRequestSchema }) body: IncidentUpdateRequest,
  ): Promise<IncidentResponse> {
    return { incident: await this.incidents.update(staff.id, id, body) };
  }
}

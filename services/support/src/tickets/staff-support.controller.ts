import { Controller, Get } from '@nestjs/common';
import { StaffOnly } from '@portal/auth';
import type { StaffOpenTicketsResponse } from '@portal/contracts';
import { TicketsService } from './tickets.service';

/** Staff figures across organizations (the staff console's customers page). */
@Controller('api/support/staff')
@StaffOnly()
export class StaffSupportController {
  constructor(private readonly tickets: TicketsService) {}

  /** Per organization with any: its tickets not resolved or closed, and how many of them are breaching. */
  @Get('open-tickets')
  async openTickets(): Promise<StaffOpenTicketsResponse> {
    return { organizations: await this.tickets.openPerOrganization() };
  }
}

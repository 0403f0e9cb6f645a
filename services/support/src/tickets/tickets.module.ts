import { Module } from '@nestjs/common';
import { StaffTicketsController } from './staff-tickets.controller';
import { TicketLimitsService } from './ticket-limits.service';
import { TicketsController } from './tickets.controller';
import { TicketsService } from './tickets.service';

@Module({
  controllers: [TicketsController, StaffTicketsController],
  providers: [TicketsService, TicketLimitsService],
  exports: [TicketsService],
})
export class TicketsModule {}

import { Module } from '@nestjs/common';
import { ConversationsController } from '../conversations/conversations.controller';
import { ConversationsService } from '../conversations/conversations.service';
import { StaffSupportController } from './staff-support.controller';
import { StaffTicketsController } from './staff-tickets.controller';
import { TicketLimitsService } from './ticket-limits.service';
import { TicketsController } from './tickets.controller';
import { TicketsService } from './tickets.service';

/** Tickets and their conversations, for members (their organization's) and staff (every one). */
@Module({
  controllers: [TicketsController, ConversationsController, StaffTicketsController, StaffSupportController],
  providers: [TicketsService, TicketLimitsService, ConversationsService],
  exports: [TicketsService, ConversationsService, TicketLimitsService],
})
export class TicketsModule {}

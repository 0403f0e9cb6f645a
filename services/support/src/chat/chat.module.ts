import { Module } from '@nestjs/common';
import { TicketsModule } from '../tickets/tickets.module';
import { ChatLimitsService } from './chat-limits.service';
import { ChatSignals } from './chat-signals';
import { ChatSweeperService } from './chat-sweeper.service';
import { ChatsController } from './chats.controller';
import { ChatsService } from './chats.service';
import { StaffChatsController } from './staff-chats.controller';

/** Live chat (ADR 0236): chats, their messages, staff presence, and conversion into tickets. */
@Module({
  imports: [TicketsModule],
  controllers: [ChatsController, StaffChatsController],
  providers: [ChatsService, ChatLimitsService, ChatSignals, ChatSweeperService],
  exports: [ChatsService],
})
export class ChatModule {}

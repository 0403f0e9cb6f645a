import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  HttpStatus,
  NotFoundException,
  Param,
  ParseUUIDPipe,
  Post,
  Put,
} from '@nestjs/common';
import { type AuthenticatedUser, CurrentUser, StaffOnly } from '@portal/auth';
import {
  type ChatMessage,
  type ChatMessageRequest,
  chatMessageRequestSchema,
  chatMessages,
  type StaffChatDetail,
  type StaffChatListResponse,
} from '@portal/contracts';
import { ChatLimitsService } from './chat-limits.service';
import { ChatSweeperService } from './chat-sweeper.service';
import { ChatsService } from './chats.service';

const chatNotFound = () => new NotFoundException(chatMessages.chatNotFound);
const chatId = () => new ParseUUIDPipe({ exceptionFactory: chatNotFound });

/**
 * The staff console's Chats page (ADR 0236): presence (the console's heartbeat), every open chat,
 * accepting, answering, typing and closing. `@StaffOnly()`: a customer gets 403, a visitor 401.
 */
@Controller('api/support/staff/chats')
@StaffOnly()
export class StaffChatsController {
  constructor(
    private readonly chats: ChatsService,
    private readonly limits: ChatLimitsService,
    private readonly sweeper: ChatSweeperService,
  ) {}

  /** The console is open: the staffer is online for the next 45 s (customers see "online" at once). */
  @Put('presence')
  @HttpCode(HttpStatus.NO_CONTENT)
  async heartbeat(@CurrentUser() staff: AuthenticatedUser): Promise<void> {
    await this.chats.heartbeat(staff.id);
    await this.sweeper.refreshPresence();
  }

  /** The console closed: offline at once; with no one left, waiting chats become tickets at the next sweep. */
  @Delete('presence')
  @HttpCode(HttpStatus.NO_CONTENT)
  async leave(@CurrentUser() staff: AuthenticatedUser): Promise<void> {
    await this.chats.leave(staff.id);
    await this.sweeper.refreshPresence();
  }

  @Get()
  async list(): Promise<StaffChatListResponse> {
    const [chats, staffOnline] = await Promise.all([this.chats.listForStaff(), this.chats.staffOnline()]);
    return { chats, staffOnline };
  }

  @Get(':id')
  detail(@Param('id', chatId()) id: string): Promise<StaffChatDetail> {
    return this.chats.detailForStaff(id);
  }

  /** Takes a waiting chat (409 when another staffer was first or it ended). */
  @Post(':id/accept')
  @HttpCode(HttpStatus.OK)
  accept(
    @CurrentUser() staff: AuthenticatedUser,
    @Param('id', chatId()) id: string,
  ): Promise<StaffChatDetail> {
    return this.chats.accept(staff.id, id);
  }

  @Post(':id/messages')
  @HttpCode(HttpStatus.CREATED)
  async post(
    @CurrentUser() staff: AuthenticatedUser,
    @Param('id', chatId()) id: string,
    @Body({ schema: chatMessageRequestSchema }) body: ChatMessageRequest,
  ): Promise<ChatMessage> {
    await this.limits.admitMessage(staff.id);
    return this.chats.post({ side: 'staff', userId: staff.id }, id, body.message);
  }

  @Post(':id/typing')
  @HttpCode(HttpStatus.NO_CONTENT)
  async typing(@CurrentUser() staff: AuthenticatedUser, @Param('id', chatId()) id: string): Promise<void> {
    await this.chats.typing({ side: 'staff', userId: staff.id }, id);
  }

  @Post(':id/close')
  @HttpCode(HttpStatus.OK)
  async close(
    @CurrentUser() staff: AuthenticatedUser,
    @Param('id', chatId()) id: string,
  ): Promise<StaffChatDetail> {
    await this.chats.close({ side: 'staff', userId: staff.id }, id);
    return this.chats.detailForStaff(id);
  }
}

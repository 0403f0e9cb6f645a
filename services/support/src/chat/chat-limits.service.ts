import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { CHAT_MESSAGES_PER_MINUTE, tooManyChatMessagesMessage } from '@portal/contracts';
import { AttemptLimits } from '@portal/db';
import type { DataSource } from 'typeorm';
import { SUPPORT_CONFIG, type SupportConfig } from '../config';

/**
 * How many chat messages one user (member or staffer) may send per minute (`CHAT_MESSAGES_PER_MINUTE`,
 * default 30), in every chat together,
 * counted in PostgreSQL (`chat_attempts`) so every replica enforces the same number.
 */
@Injectable()
export class ChatLimitsService extends AttemptLimits<'chat:user'> {
  private readonly perMinute: number;

  constructor(
    @InjectDataSource() dataSource: DataSource,
    @Inject(SUPPORT_CONFIG) config: Partial<Pick<SupportConfig, 'chatMessagesPerMinute'>>,
  ) {
    super(dataSource, 'chat_attempts', new Logger('ChatLimits'));
    this.perMinute = config.chatMessagesPerMinute ?? CHAT_MESSAGES_PER_MINUTE;
  }

  /** Counts a message of the user's; throws 429 once they have sent their share this minute. */
  admitMessage(userId: string): Promise<void> {
    return this.admit(
      { kind: 'chat:user', subject: userId },
      { limit: this.perMinute, windowSeconds: 60 },
      tooManyChatMessagesMessage,
    );
  }
}

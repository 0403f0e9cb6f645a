import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  STATUS_SUBSCRIBE_PER_ADDRESS_PER_HOUR,
  STATUS_SUBSCRIBE_PER_EMAIL_PER_HOUR,
  statusMessages,
} from '@portal/contracts';
import { AttemptLimits } from '@portal/db';
import type { DataSource } from 'typeorm';
import { SUPPORT_CONFIG, type SupportConfig } from '../config';

const WINDOW_SECONDS = 60 * 60;

/**
 * Bounds the status page's subscribe form (`status_attempts`, shared by every replica), so it cannot be
 * used to send confirmation mails to an address again and again, nor from one network to many.
 */
@Injectable()
export class StatusLimitsService extends AttemptLimits<'subscribe:address' | 'subscribe:email'> {
  constructor(
    @InjectDataSource() dataSource: DataSource,
    @Inject(SUPPORT_CONFIG) private readonly config: Partial<Pick<SupportConfig, 'statusSubscribeLimits'>>,
  ) {
    super(dataSource, 'status_attempts', new Logger('StatusLimits'));
  }

  async admitSubscription(address: string, email: string): Promise<void> {
    const {
      perAddressPerHour = STATUS_SUBSCRIBE_PER_ADDRESS_PER_HOUR,
      perEmailPerHour = STATUS_SUBSCRIBE_PER_EMAIL_PER_HOUR,
    } = this.config.statusSubscribeLimits ?? {};
    await this.admit(
      { kind: 'subscribe:email', subject: email },
      { limit: perEmailPerHour, windowSeconds: WINDOW_SECONDS },
      statusMessages.tooManyForEmail,
    );
    await this.admit(
      { kind: 'subscribe:address', subject: address },
      { limit: perAddressPerHour, windowSeconds: WINDOW_SECONDS },
      statusMessages.tooManyFromAddress,
    );
  }
}

import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { AttemptLimits } from '@portal/db';
import type { DataSource } from 'typeorm';
import { CRM_CONFIG, type CrmConfig } from '../config';

type LeadAttemptKind = 'contact:address' | 'newsletter:address';

const WINDOW_SECONDS = 10 * 60;

/** What each form tells an address that has sent its share. */
const refusals: Record<LeadAttemptKind, string> = {
  'contact:address': 'Too many messages from your network',
  'newsletter:address': 'Too many sign-up attempts from your network',
};

/**
 * Per-address limits of the public lead forms, counted in PostgreSQL (`lead_attempts`) so every crm
 * replica enforces the same numbers. Every accepted request counts, the honeypot's too.
 */
@Injectable()
export class LeadLimitsService extends AttemptLimits<LeadAttemptKind> {
  constructor(
    @InjectDataSource() dataSource: DataSource,
    @Inject(CRM_CONFIG) private readonly config: Pick<CrmConfig, 'limits'>,
  ) {
    super(dataSource, 'lead_attempts', new Logger('LeadLimits'));
  }

  /** Counts a contact message from `address`; throws 429 once the address has sent its share. */
  admitContact(address: string): Promise<void> {
    return this.admitFrom('contact:address', address, this.config.limits.contactPer10Minutes);
  }

  /** Counts a newsletter sign-up from `address`; throws 429 once the address has sent its share. */
  admitNewsletter(address: string): Promise<void> {
    return this.admitFrom('newsletter:address', address, this.config.limits.newsletterPer10Minutes);
  }

  private admitFrom(kind: LeadAttemptKind, address: string, limit: number): Promise<void> {
    return this.admit(
      { kind, subject: address },
      { limit, windowSeconds: WINDOW_SECONDS },
      (wait) => `${refusals[kind]}. Please try again in ${wait}.`,
    );
  }
}

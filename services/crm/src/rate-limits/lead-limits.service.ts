import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { tooManyBookings, tooManyContactMessages } from '@portal/contracts';
import { AttemptLimits } from '@portal/db';
import type { DataSource } from 'typeorm';
import { CRM_CONFIG, type CrmConfig } from '../config';

type LeadAttemptKind =
  'contact:address' | 'contact:email' | 'newsletter:address' | 'booking:address' | 'booking:email';

const WINDOW_SECONDS = 10 * 60;

/**
 * Limits of the public lead forms, counted in PostgreSQL (`lead_attempts`) so every crm replica
 * enforces the same numbers. Every accepted request counts, the honeypot's too.
 */
@Injectable()
export class LeadLimitsService extends AttemptLimits<LeadAttemptKind> {
  constructor(
    @InjectDataSource() dataSource: DataSource,
    @Inject(CRM_CONFIG) private readonly config: Pick<CrmConfig, 'limits'>,
  ) {
    super(dataSource, 'lead_attempts', new Logger('LeadLimits'));
  }

  /**
   * Counts a contact message for `email` from `address`; throws 429 once either has sent its share.
   * The email is checked first, so one person's repeats do not use up their office's allowance.
   */
  async admitContact(address: string, email: string): Promise<void> {
    const { contactPerEmailPer10Minutes, contactPer10Minutes } = this.config.limits;
    await this.admit(
      { kind: 'contact:email', subject: email.toLowerCase() },
      { limit: contactPerEmailPer10Minutes, windowSeconds: WINDOW_SECONDS },
      tooManyContactMessages.forEmail,
    );
    await this.admit(
      { kind: 'contact:address', subject: address },
      { limit: contactPer10Minutes, windowSeconds: WINDOW_SECONDS },
      tooManyContactMessages.fromAddress,
    );
  }

  /**
   * Counts a booked call (its own count, with the contact form's numbers): per email first, then per
   * client address; throws 429 once either has booked its share.
   */
  async admitBooking(address: string, email: string): Promise<void> {
    const { contactPerEmailPer10Minutes, contactPer10Minutes } = this.config.limits;
    await this.admit(
      { kind: 'booking:email', subject: email.toLowerCase() },
      { limit: contactPerEmailPer10Minutes, windowSeconds: WINDOW_SECONDS },
      tooManyBookings.forEmail,
    );
    await this.admit(
      { kind: 'booking:address', subject: address },
      { limit: contactPer10Minutes, windowSeconds: WINDOW_SECONDS },
      tooManyBookings.fromAddress,
    );
  }

  /** Counts a newsletter sign-up from `address`; throws 429 once the address has sent its share. */
  admitNewsletter(address: string): Promise<void> {
    return this.admit(
      { kind: 'newsletter:address', subject: address },
      { limit: this.config.limits.newsletterPer10Minutes, windowSeconds: WINDOW_SECONDS },
      (wait) => `Too many sign-up attempts from your network. Please try again in ${wait}.`,
    );
  }
}

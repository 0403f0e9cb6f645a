import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { AttemptLimits } from '@portal/db';
import type { DataSource } from 'typeorm';

type ApplicationAttemptKind = 'application:address' | 'application:email';

const HOUR_SECONDS = 60 * 60;
/** An office or a campus behind one address may send a few; a flood stops here. */
export const APPLICATIONS_PER_ADDRESS_PER_HOUR = 10;
/** A candidate may correct a first application or apply for a second role, not resend all day. */
export const APPLICATIONS_PER_EMAIL_PER_HOUR = 3;

/**
 * Limits of the careers form, counted in PostgreSQL (`application_attempts`) so every crm replica
 * enforces the same numbers: per client address and per applicant email, each within an hour.
 */
@Injectable()
export class ApplicationLimitsService extends AttemptLimits<ApplicationAttemptKind> {
  constructor(@InjectDataSource() dataSource: DataSource) {
    super(dataSource, 'application_attempts', new Logger('ApplicationLimits'));
  }

  /** Counts an application from `address` for `email`; throws 429 once either has sent its share. */
  async admitApplication(address: string, email: string): Promise<void> {
    await this.admit(
      { kind: 'application:address', subject: address },
      { limit: APPLICATIONS_PER_ADDRESS_PER_HOUR, windowSeconds: HOUR_SECONDS },
      (wait) => `Too many applications from your network. Please try again in ${wait}.`,
    );
    await this.admit(
      { kind: 'application:email', subject: email.toLowerCase() },
      { limit: APPLICATIONS_PER_EMAIL_PER_HOUR, windowSeconds: HOUR_SECONDS },
      (wait) => `Too many applications for this email address. Please try again in ${wait}.`,
    );
  }
}

import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { AttemptLimits } from '@portal/db';
import type { DataSource } from 'typeorm';
import { CRM_CONFIG, type CrmConfig } from '../config';

type ApplicationAttemptKind = 'application:address' | 'application:email';

const HOUR_SECONDS = 60 * 60;

/**
 * Limits of the careers form, counted in PostgreSQL (`application_attempts`) so every crm replica
 * enforces the same numbers: per client address and per applicant email, each within an hour
 * (`APPLICATION_LIMIT_PER_ADDRESS_PER_HOUR`, `APPLICATION_LIMIT_PER_EMAIL_PER_HOUR`).
 */
@Injectable()
export class ApplicationLimitsService extends AttemptLimits<ApplicationAttemptKind> {
  constructor(
    @InjectDataSource() dataSource: DataSource,
    @Inject(CRM_CONFIG) private readonly config: Pick<CrmConfig, 'applicationLimits'>,
  ) {
    super(dataSource, 'application_attempts', new Logger('ApplicationLimits'));
  }

  /** Counts an application from `address` for `email`; throws 429 once either has sent its share. */
  async admitApplication(address: string, email: string): Promise<void> {
    await this.admit(
      { kind: 'application:address', subject: address },
      { limit: this.config.applicationLimits.perAddressPerHour, windowSeconds: HOUR_SECONDS },
      (wait) => `Too many applications from your network. Please try again in ${wait}.`,
    );
    await this.admit(
      { kind: 'application:email', subject: email.toLowerCase() },
      { limit: this.config.applicationLimits.perEmailPerHour, windowSeconds: HOUR_SECONDS },
      (wait) => `Too many applications for this email address. Please try again in ${wait}.`,
    );
  }
}

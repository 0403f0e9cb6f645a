import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { AttemptCounter, pruneAttemptsEvery } from '@portal/db';
import { minutesText, TooManyRequestsException } from '@portal/nest-http';
import type { DataSource } from 'typeorm';
import { CRM_CONFIG, type CrmConfig } from '../config';

type LeadAttemptKind = 'contact:address' | 'newsletter:address';

const WINDOW_SECONDS = 10 * 60;
const KEEP_SECONDS = 24 * 60 * 60;
const PRUNE_INTERVAL_MS = 10 * 60 * 1000;

/**
 * Per-address limits of the public lead forms, counted in PostgreSQL (`lead_attempts`) so every crm
 * replica enforces the same numbers. Every accepted request counts, the honeypot's too; old counts
 * are pruned every ten minutes.
 */
@Injectable()
export class LeadLimitsService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('LeadLimits');
  private readonly attempts: AttemptCounter<LeadAttemptKind>;
  private stopPruning?: () => void;

  constructor(
    @InjectDataSource() dataSource: DataSource,
    @Inject(CRM_CONFIG) private readonly config: Pick<CrmConfig, 'limits'>,
  ) {
    this.attempts = new AttemptCounter(dataSource, 'lead_attempts');
  }

  /** Counts a contact message from `address`; throws 429 once the address has sent its share. */
  admitContact(address: string): Promise<void> {
    return this.admit(
      'contact:address',
      address,
      this.config.limits.contactPer10Minutes,
      'Too many messages from your network',
    );
  }

  /** Counts a newsletter sign-up from `address`; throws 429 once the address has sent its share. */
  admitNewsletter(address: string): Promise<void> {
    return this.admit(
      'newsletter:address',
      address,
      this.config.limits.newsletterPer10Minutes,
      'Too many sign-up attempts from your network',
    );
  }

  onApplicationBootstrap(): void {
    this.stopPruning = pruneAttemptsEvery(this.attempts, {
      keepSeconds: KEEP_SECONDS,
      everyMs: PRUNE_INTERVAL_MS,
      logger: this.logger,
    });
  }

  onApplicationShutdown(): void {
    this.stopPruning?.();
  }

  private async admit(kind: LeadAttemptKind, address: string, limit: number, refusal: string): Promise<void> {
    const wait = await this.attempts.admit(
      { kind, subject: address },
      { limit, windowSeconds: WINDOW_SECONDS },
    );
    if (wait > 0) {
      throw new TooManyRequestsException(`${refusal}. Please try again in ${minutesText(wait)}.`, wait);
    }
  }
}

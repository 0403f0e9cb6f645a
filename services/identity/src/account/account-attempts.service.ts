import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { tryAgainInMinutes } from '@portal/contracts';
import { AttemptCounter } from '@portal/db';
import { TooManyRequestsException } from '@portal/nest-http';
import type { DataSource, EntityManager } from 'typeorm';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config';

type AccountAttemptKind = 'password-reset:email' | 'password-reset:address' | 'verification-mail:user';

const HOUR_SECONDS = 60 * 60;

/** 429 'Too many attempts. Try again in n minutes.' with its Retry-After. */
export const tooManyAttempts = (waitSeconds: number) =>
  new TooManyRequestsException(tryAgainInMinutes(Math.max(1, Math.ceil(waitSeconds / 60))), waitSeconds);

/**
 * The limits on mails a person can make identity send: password reset requests per email (any case)
 * and per address, verification mails per account, each per hour. Counted in `auth_attempts` with
 * identity's other limits (ADR 0031), so every replica enforces the same numbers; pruned with them.
 */
@Injectable()
export class AccountAttemptsService {
  private readonly attempts: AttemptCounter<AccountAttemptKind>;

  constructor(
    @InjectDataSource() dataSource: DataSource,
    @Inject(IDENTITY_CONFIG) private readonly config: Pick<IdentityConfig, 'auth'>,
  ) {
    this.attempts = new AttemptCounter(dataSource, 'auth_attempts');
  }

  /** Throws 429 once the email (a lower-cased key) or the address has asked for its resets this hour. */
  async assertResetAllowed(email: string, address: string): Promise<void> {
    const { resetEmailLimitPerHour, resetAddressLimitPerHour } = this.config.auth;
    const wait = await this.attempts.longestWait(
      [
        { kind: 'password-reset:email', subject: email },
        { limit: resetEmailLimitPerHour, windowSeconds: HOUR_SECONDS },
      ],
      [
        { kind: 'password-reset:address', subject: address },
        { limit: resetAddressLimitPerHour, windowSeconds: HOUR_SECONDS },
      ],
    );
    if (wait > 0) throw tooManyAttempts(wait);
  }

  /** Counts a reset request with the caller's transaction, whether or not the email has an account. */
  recordReset(manager: EntityManager, email: string, address: string): Promise<void> {
    return this.attempts.recordWith(
      manager,
      { kind: 'password-reset:email', subject: email },
      { kind: 'password-reset:address', subject: address },
    );
  }

  /** Counts a verification mail asked for again; throws 429 when the account has used up its hour's. */
  async admitVerificationMail(userId: string): Promise<void> {
    const wait = await this.attempts.admit(
      { kind: 'verification-mail:user', subject: userId },
      { limit: this.config.auth.verificationMailLimitPerHour, windowSeconds: HOUR_SECONDS },
    );
    if (wait > 0) throw tooManyAttempts(wait);
  }
}

import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { AttemptCounter } from '@portal/db';
import { minutesText, TooManyRequestsException } from '@portal/nest-http';
import type { DataSource } from 'typeorm';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config';

type AttemptKind = 'login-failure:email' | 'login-failure:address' | 'register:address';

const HOUR_SECONDS = 60 * 60;
const DAY_SECONDS = 24 * HOUR_SECONDS;

/**
 * The brute-force and sign-up limits, counted in PostgreSQL (`auth_attempts`) so every identity
 * replica enforces the same numbers: failed logins per email and per address over a sliding window,
 * and registrations per address per hour.
 */
@Injectable()
export class AuthAttemptsService {
  private readonly attempts: AttemptCounter<AttemptKind>;

  constructor(
    @InjectDataSource() dataSource: DataSource,
    @Inject(IDENTITY_CONFIG) private readonly config: Pick<IdentityConfig, 'auth'>,
  ) {
    this.attempts = new AttemptCounter(dataSource, 'auth_attempts');
  }

  /** Throws 429 when the email or the address has used up its failed logins. */
  async assertLoginAllowed(email: string, address: string): Promise<void> {
    const window = {
      limit: this.config.auth.loginFailureLimit,
      windowSeconds: this.config.auth.loginWindowSeconds,
    };
    const waits = await Promise.all([
      this.attempts.secondsUntilAllowed({ kind: 'login-failure:email', subject: email }, window),
      this.attempts.secondsUntilAllowed({ kind: 'login-failure:address', subject: address }, window),
    ]);
    const wait = Math.max(...waits);
    if (wait > 0) {
      throw new TooManyRequestsException(
        `Too many failed sign-in attempts. Please try again in ${minutesText(wait)}.`,
        wait,
      );
    }
  }

  async recordLoginFailure(email: string, address: string): Promise<void> {
    await this.attempts.record(
      { kind: 'login-failure:email', subject: email },
      { kind: 'login-failure:address', subject: address },
    );
  }

  /** A successful sign-in forgets the email's failures (not the address's: it may be guessing others). */
  async clearLoginFailures(email: string): Promise<void> {
    await this.attempts.clear({ kind: 'login-failure:email', subject: email });
  }

  /** Counts this registration attempt; throws 429 when the address has registered too often this hour. */
  async admitRegistration(address: string): Promise<void> {
    const wait = await this.attempts.admit(
      { kind: 'register:address', subject: address },
      { limit: this.config.auth.registerLimitPerHour, windowSeconds: HOUR_SECONDS },
    );
    if (wait > 0) {
      throw new TooManyRequestsException(
        `Too many sign-ups from your network. Please try again in ${minutesText(wait)}.`,
        wait,
      );
    }
  }

  /** Forgets attempts older than any window; run periodically. */
  prune(): Promise<number> {
    return this.attempts.prune(DAY_SECONDS);
  }
}

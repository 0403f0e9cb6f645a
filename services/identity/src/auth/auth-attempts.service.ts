import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { TooManyRequestsException } from '@portal/nest-http';
import type { DataSource } from 'typeorm';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config';

type AttemptKind = 'login-failure:email' | 'login-failure:address' | 'register:address';

const HOUR_SECONDS = 60 * 60;

const minutesText = (seconds: number) => {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
};

/**
 * The brute-force and sign-up limits, counted in PostgreSQL so every identity replica enforces the
 * same numbers: failed logins per email and per address over a sliding window, and registrations
 * per address per hour.
 */
@Injectable()
export class AuthAttemptsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(IDENTITY_CONFIG) private readonly config: Pick<IdentityConfig, 'auth'>,
  ) {}

  /** Throws 429 when the email or the address has used up its failed logins. */
  async assertLoginAllowed(email: string, address: string): Promise<void> {
    const { loginFailureLimit, loginWindowSeconds } = this.config.auth;
    const waits = await Promise.all([
      this.secondsUntilAllowed('login-failure:email', email, loginFailureLimit, loginWindowSeconds),
      this.secondsUntilAllowed('login-failure:address', address, loginFailureLimit, loginWindowSeconds),
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
    await this.dataSource.query(
      `INSERT INTO auth_attempts (kind, subject) VALUES ('login-failure:email', $1), ('login-failure:address', $2)`,
      [email, address],
    );
  }

  /** A successful sign-in forgets the email's failures (not the address's: it may be guessing others). */
  async clearLoginFailures(email: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM auth_attempts WHERE kind = 'login-failure:email' AND subject = $1`, [
      email,
    ]);
  }

  /** Counts this registration attempt; throws 429 when the address has registered too often this hour. */
  async admitRegistration(address: string): Promise<void> {
    const limit = this.config.auth.registerLimitPerHour;
    const wait = await this.secondsUntilAllowed('register:address', address, limit, HOUR_SECONDS);
    if (wait > 0) {
      throw new TooManyRequestsException(
        `Too many sign-ups from your network. Please try again in ${minutesText(wait)}.`,
        wait,
      );
    }
    await this.dataSource.query(`INSERT INTO auth_attempts (kind, subject) VALUES ('register:address', $1)`, [
      address,
    ]);
  }

  /** Forgets attempts older than any window; run periodically. */
  async prune(): Promise<number> {
    const [, deleted] = await this.dataSource.query(
      `DELETE FROM auth_attempts WHERE occurred_at < now() - interval '1 day'`,
    );
    return Number(deleted ?? 0);
  }

  /**
   * 0 while fewer than `limit` attempts fall in the window; otherwise the seconds until enough of
   * them age out of it for one more attempt.
   */
  private async secondsUntilAllowed(
    kind: AttemptKind,
    subject: string,
    limit: number,
    windowSeconds: number,
  ): Promise<number> {
    const rows: { wait: string | null }[] = await this.dataSource.query(
      `SELECT ceil(extract(epoch FROM occurred_at + make_interval(secs => $3) - now())) AS wait
         FROM auth_attempts
        WHERE kind = $1 AND subject = $2 AND occurred_at > now() - make_interval(secs => $3)
        ORDER BY occurred_at DESC
        OFFSET $4 - 1 LIMIT 1`,
      [kind, subject, windowSeconds, limit],
    );
    return Math.max(0, Number(rows[0]?.wait ?? 0));
  }
}

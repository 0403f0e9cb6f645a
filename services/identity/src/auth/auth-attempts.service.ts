import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { tryAgainInMinutes } from '@portal/contracts';
import { AttemptCounter } from '@portal/db';
import { minutesText, TooManyRequestsException } from '@portal/nest-http';
import type { DataSource, EntityManager } from 'typeorm';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config';

type AttemptKind =
  | 'login-failure:email-address'
  | 'login-failure:address'
  | 'login-failure:email'
  | 'register:address'
  | 'two-factor-failure:user';

const HOUR_SECONDS = 60 * 60;
const DAY_SECONDS = 24 * HOUR_SECONDS;
/**
 * Wrong second-factor codes an account may get (at sign-in, or to turn two-factor sign-in off) within
 * the login window; the next answer is 429 and the sign-in challenge is spent.
 */
export const TWO_FACTOR_FAILURE_LIMIT = 5;
/** How long an address an account signed in from stays known to it. */
const KNOWN_CLIENT_DAYS = 90;

/** One email tried from one address (emails hold no spaces). */
const pair = (email: string, address: string) => `${email} ${address}`;

/**
 * The brute-force and sign-up limits, counted in PostgreSQL (`auth_attempts`) so every identity
 * replica enforces the same numbers. Failed logins lock an email only for the address they came from
 * (so an attacker cannot lock its owner out), and an address over all emails. Many failures for an
 * email across addresses make it back off: then only addresses it has signed in from
 * (`known_clients`) may still try. Registrations are limited per address per hour.
 */
@Injectable()
export class AuthAttemptsService {
  private readonly attempts: AttemptCounter<AttemptKind>;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(IDENTITY_CONFIG) private readonly config: Pick<IdentityConfig, 'auth'>,
  ) {
    this.attempts = new AttemptCounter(dataSource, 'auth_attempts');
  }

  /**
   * Throws 429 when this email from this address, or this address, has used up its failed logins, or
   * when the email is backing off and this address is not one it signed in from before.
   */
  async assertLoginAllowed(email: string, address: string): Promise<void> {
    const { loginFailureLimit, loginWindowSeconds, addressFailureLimit } = this.config.auth;
    const waits = await Promise.all([
      this.attempts.secondsUntilAllowed(
        { kind: 'login-failure:email-address', subject: pair(email, address) },
        { limit: loginFailureLimit, windowSeconds: loginWindowSeconds },
      ),
      this.attempts.secondsUntilAllowed(
        { kind: 'login-failure:address', subject: address },
        { limit: addressFailureLimit, windowSeconds: loginWindowSeconds },
      ),
      this.secondsOfBackOff(email, address),
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
      { kind: 'login-failure:email-address', subject: pair(email, address) },
      { kind: 'login-failure:address', subject: address },
      { kind: 'login-failure:email', subject: email },
    );
  }

  /**
   * A successful sign-in forgets the failures of the email from this address only: not the address's
   * (it may be guessing others), nor the email's back-off (the owner signing in must not give an
   * attacker elsewhere a fresh allowance).
   */
  async clearLoginFailures(email: string, address: string): Promise<void> {
    await this.attempts.clear({ kind: 'login-failure:email-address', subject: pair(email, address) });
  }

  /**
   * Counts a wrong second-factor code of the account; answers the seconds it must now wait (0 while
   * it may still try).
   */
  async recordTwoFactorFailure(userId: string): Promise<number> {
    await this.attempts.record({ kind: 'two-factor-failure:user', subject: userId });
    return this.secondsOfTwoFactorWait(userId);
  }

  /** A right code forgets the account's wrong ones (only its owner has one). */
  async clearTwoFactorFailures(userId: string): Promise<void> {
    await this.attempts.clear({ kind: 'two-factor-failure:user', subject: userId });
  }

  /** Throws 429 'Too many attempts. Try again in n minutes.' while the account's wrong codes are used up. */
  async assertTwoFactorAllowed(userId: string): Promise<void> {
    const wait = await this.secondsOfTwoFactorWait(userId);
    if (wait > 0) throw this.twoFactorThrottled(wait);
  }

  twoFactorThrottled(waitSeconds: number): TooManyRequestsException {
    return new TooManyRequestsException(tryAgainInMinutes(Math.max(1, Math.ceil(waitSeconds / 60))), waitSeconds);
  }

  /** Remembers that the user signed in from this address, with the session's transaction. */
  async rememberClient(manager: EntityManager, userId: string, address: string): Promise<void> {
    await manager.query(
      `INSERT INTO known_clients (user_id, address) VALUES ($1, $2)
       ON CONFLICT (user_id, address) DO UPDATE SET last_signed_in_at = now()`,
      [userId, address],
    );
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

  /** Forgets attempts older than every window, and addresses not signed in from for long; run periodically. */
  async prune(): Promise<number> {
    const { loginWindowSeconds, emailWindowSeconds } = this.config.auth;
    const attempts = await this.attempts.prune(Math.max(DAY_SECONDS, loginWindowSeconds, emailWindowSeconds));
    const [, clients] = await this.dataSource.query(
      `DELETE FROM known_clients WHERE last_signed_in_at < now() - make_interval(days => $1)`,
      [KNOWN_CLIENT_DAYS],
    );
    return attempts + Number(clients ?? 0);
  }

  /** 0 while the account may still try a code; else the seconds until it may. */
  secondsOfTwoFactorWait(userId: string): Promise<number> {
    return this.attempts.secondsUntilAllowed(
      { kind: 'two-factor-failure:user', subject: userId },
      { limit: TWO_FACTOR_FAILURE_LIMIT, windowSeconds: this.config.auth.loginWindowSeconds },
    );
  }

  /** 0 unless the email is backing off and this address is not one of its known clients. */
  private async secondsOfBackOff(email: string, address: string): Promise<number> {
    const { emailFailureLimit, emailWindowSeconds } = this.config.auth;
    const wait = await this.attempts.secondsUntilAllowed(
      { kind: 'login-failure:email', subject: email },
      { limit: emailFailureLimit, windowSeconds: emailWindowSeconds },
    );
    return wait > 0 && !(await this.isKnownClient(email, address)) ? wait : 0;
  }

  private async isKnownClient(email: string, address: string): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `SELECT 1 FROM known_clients k
         JOIN public_users u ON u.id = k.user_id
        WHERE lower(u.email) = $1 AND k.address = $2
          AND k.last_signed_in_at > now() - make_interval(days => $3)`,
      [email, address, KNOWN_CLIENT_DAYS],
    );
    return rows.length > 0;
  }
}

import { createHash, randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { TWO_FACTOR_CHALLENGE_TTL_MINUTES } from '@portal/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import type { ClientInfo } from './auth.service';

export interface TwoFactorChallenge {
  id: string;
  userId: string;
  failedAttempts: number;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * The step between the password and the code at sign-in (`two_factor_challenges`): a random token
 * answered once, of which only the SHA-256 is kept, living 5 minutes, usable only from the address
 * the password came from.
 */
@Injectable()
export class TwoFactorChallenges {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Opens a challenge for the account whose password was just verified; answers its token. */
  async open(userId: string, client: ClientInfo): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await this.dataSource.query(
      `INSERT INTO two_factor_challenges (user_id, token_hash, address, user_agent, expires_at)
       VALUES ($1, $2, $3, $4, now() + make_interval(mins => $5))`,
      [userId, hashToken(token), client.address, client.userAgent, TWO_FACTOR_CHALLENGE_TTL_MINUTES],
    );
    return token;
  }

  /**
   * The live challenge of this token from this address, locked in the caller's transaction when one
   * is given; null for an unknown, expired or spent one, or one opened from another address.
   */
  async find(token: string, address: string, manager?: EntityManager): Promise<TwoFactorChallenge | null> {
    const rows: TwoFactorChallenge[] = await (manager ?? this.dataSource).query(
      `SELECT id, user_id AS "userId", failed_attempts AS "failedAttempts"
         FROM two_factor_challenges
        WHERE token_hash = $1 AND address = $2 AND expires_at > now()
        ${manager ? 'FOR UPDATE' : ''}`,
      [hashToken(token), address],
    );
    return rows[0] ?? null;
  }

  /** Counts a wrong code against the challenge (the account's own count is what throttles). */
  async countFailure(challengeId: string): Promise<void> {
    await this.dataSource.query(
      'UPDATE two_factor_challenges SET failed_attempts = failed_attempts + 1 WHERE id = $1',
      [challengeId],
    );
  }

  /** The challenge cannot be used again (signed in with it, or too many wrong codes). */
  async spend(challengeId: string, manager?: EntityManager): Promise<void> {
    await (manager ?? this.dataSource).query('DELETE FROM two_factor_challenges WHERE id = $1', [challengeId]);
  }

  /** Ends every open challenge of the account (two-factor sign-in turned off, account deleted). */
  async spendAll(manager: EntityManager, userId: string): Promise<void> {
    await manager.query('DELETE FROM two_factor_challenges WHERE user_id = $1', [userId]);
  }

  async pruneExpired(): Promise<number> {
    const [, deleted] = await this.dataSource.query('DELETE FROM two_factor_challenges WHERE expires_at < now()');
    return Number(deleted ?? 0);
  }
}

import { Injectable, Logger, ServiceUnavailableException } from '@nestjs/common';
import { SecretBox, SecretDecryptionError } from '@portal/auth';
import type { EntityManager } from 'typeorm';
import type { UserEntity } from '../users/user.entity';
import { hashRecoveryCode, newRecoveryCodes, normalizeRecoveryCode } from './recovery-codes';
import { matchTotpStep } from './totp';

type SecretColumn = 'two_factor_secret' | 'two_factor_pending_secret';

/** What became of a code: taken (and used up), not a code of the account, or a TOTP code already taken. */
export type CodeOutcome = 'accepted' | 'wrong' | 'used';

/**
 * The account's second factor: its TOTP secret, sealed at rest with identity's key (the row and
 * column are the associated data, so a sealed secret copied to another account does not open), and
 * its single-use recovery codes, of which only the SHA-256 is kept.
 */
@Injectable()
export class TwoFactorCodes {
  private readonly logger = new Logger('TwoFactorCodes');

  constructor(private readonly box: SecretBox) {}

  seal(userId: string, column: SecretColumn, base32: string): string {
    return this.box.encrypt(base32, `public_users:${userId}:${column}`);
  }

  /**
   * The secret; 503 when it does not open (IDENTITY_ENCRYPTION_KEY is not the key it was sealed with):
   * the account can still sign in with a recovery code.
   */
  open(userId: string, column: SecretColumn, sealed: string): string {
    try {
      return this.box.decrypt(sealed, `public_users:${userId}:${column}`);
    } catch (error) {
      if (!(error instanceof SecretDecryptionError)) throw error;
      this.logger.error(
        `account ${userId}: ${error.message}; is IDENTITY_ENCRYPTION_KEY the key it was sealed with?`,
      );
      throw new ServiceUnavailableException(
        'Codes from your authenticator app cannot be checked right now. Sign in with a recovery code.',
      );
    }
  }

  /**
   * Takes a code at sign-in or to turn two-factor sign-in off, in the caller's transaction with the
   * account's row locked (`UsersService.lock`): a TOTP code of now (±1 step) newer than the last one
   * taken, which becomes the last one; or an unused recovery code, which is then used.
   */
  async redeem(manager: EntityManager, user: UserEntity, typed: string): Promise<CodeOutcome> {
    const code = typed.replace(/\s+/g, '');
    if (/^\d+$/.test(code)) {
      if (!user.twoFactorSecret) return 'wrong';
      const step = matchTotpStep(this.open(user.id, 'two_factor_secret', user.twoFactorSecret), code);
      if (step === null) return 'wrong';
      if (user.twoFactorLastStep !== null && step <= user.twoFactorLastStep) return 'used';
      await manager.query('UPDATE public_users SET two_factor_last_step = $2 WHERE id = $1', [user.id, step]);
      return 'accepted';
    }
    const recoveryCode = normalizeRecoveryCode(code);
    if (!recoveryCode) return 'wrong';
    const [used]: [unknown[], number] = await manager.query(
      `UPDATE two_factor_recovery_codes SET used_at = now()
        WHERE user_id = $1 AND code_hash = $2 AND used_at IS NULL
        RETURNING id`,
      [user.id, hashRecoveryCode(recoveryCode)],
    );
    return used.length > 0 ? 'accepted' : 'wrong';
  }

  /** Replaces the account's recovery codes with 10 new ones; answers them (their hashes are what is kept). */
  async replaceRecoveryCodes(manager: EntityManager, userId: string): Promise<string[]> {
    await this.deleteRecoveryCodes(manager, userId);
    const codes = newRecoveryCodes();
    await manager.query(
      `INSERT INTO two_factor_recovery_codes (user_id, code_hash)
       SELECT $1, unnest($2::text[])`,
      [userId, codes.map(hashRecoveryCode)],
    );
    return codes;
  }

  async deleteRecoveryCodes(manager: EntityManager, userId: string): Promise<void> {
    await manager.query('DELETE FROM two_factor_recovery_codes WHERE user_id = $1', [userId]);
  }

  /** Recovery codes of the account not used yet. */
  async recoveryCodesLeft(manager: EntityManager, userId: string): Promise<number> {
    const [row]: { left: number }[] = await manager.query(
      'SELECT count(*)::int AS "left" FROM two_factor_recovery_codes WHERE user_id = $1 AND used_at IS NULL',
      [userId],
    );
    return row?.left ?? 0;
  }
}

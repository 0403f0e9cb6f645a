import { BadRequestException, ConflictException, Injectable, UnauthorizedException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  accountMessages,
  type RecoveryCodesResponse,
  type TwoFactorDisableRequest,
  type TwoFactorEnableRequest,
  type TwoFactorSetupResponse,
} from '@portal/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import { AccountLinksService } from '../account-links/account-links.service';
import { AuthAttemptsService } from '../auth/auth-attempts.service';
import type { ClientInfo } from '../auth/auth.service';
import { PasswordHasher } from '../auth/password-hasher';
import { TwoFactorChallenges } from '../auth/two-factor-challenges';
import { INVALID_TOKEN_MESSAGE } from '../auth/session-auth.guard';
import type { UserEntity } from '../users/user.entity';
import { emailKey, UsersService } from '../users/users.service';
import { type CodeOutcome, TwoFactorCodes } from './two-factor-codes';
import { matchTotpStep, newTotpSecret, qrCodeSvg, totpUrl } from './totp';

/**
 * Two-factor sign-in from the settings page: a secret set up (pending until a code from the app
 * confirms it), turned on with the password and a code (10 recovery codes shown once), turned off with
 * a code or the password.
 * Each change mails the account.
 */
@Injectable()
export class TwoFactorService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly users: UsersService,
    private readonly codes: TwoFactorCodes,
    private readonly challenges: TwoFactorChallenges,
    private readonly attempts: AuthAttemptsService,
    private readonly passwords: PasswordHasher,
    private readonly links: AccountLinksService,
  ) {}

  /** A new secret for the app, kept sealed as the pending one (a new setup replaces an unconfirmed one). */
  async setup(userId: string): Promise<TwoFactorSetupResponse> {
    const secret = newTotpSecret();
    const email = await this.dataSource.transaction(async (manager) => {
      const user = await this.lockedUser(manager, userId);
      if (user.twoFactorEnabledAt) throw new ConflictException(accountMessages.twoFactorAlreadyOn);
      await manager.query('UPDATE public_users SET two_factor_pending_secret = $2 WHERE id = $1', [
        userId,
        this.codes.seal(userId, 'two_factor_pending_secret', secret),
      ]);
      return user.email;
    });
    const otpauthUrl = totpUrl(secret, email);
    return { secret, otpauthUrl, qrCodeSvg: await qrCodeSvg(otpauthUrl) };
  }

  /**
   * The account's password and a code of the pending secret turn two-factor sign-in on: the secret
   * becomes the account's (the code's step counts as taken, so it cannot sign in again), and 10 new
   * recovery codes are answered. The password comes first, checked as deleting the account checks it:
   * a wrong one counts as a failed sign-in of the email from this address (the login limits, then
   * 429) and turns nothing on, so a stolen session can neither lock the owner out with its own app nor
   * guess the password at leisure.
   */
  async enable(userId: string, request: TwoFactorEnableRequest, client: ClientInfo): Promise<RecoveryCodesResponse> {
    const [account]: { email: string; passwordHash: string | null }[] = await this.dataSource.query(
      'SELECT email, password_hash AS "passwordHash" FROM public_users WHERE id = $1',
      [userId],
    );
    if (!account) throw new UnauthorizedException(INVALID_TOKEN_MESSAGE);
    const key = emailKey(account.email);
    await this.attempts.assertLoginAllowed(key, client.address);
    if (!(await this.passwords.verify(account.passwordHash, request.password))) {
      await this.attempts.recordLoginFailure(key, client.address);
      throw new BadRequestException(accountMessages.passwordWrong);
    }
    return this.dataSource.transaction(async (manager) => {
      const user = await this.lockedUser(manager, userId);
      // The password changed between the check and the lock: the check no longer holds.
      if (user.passwordHash !== account.passwordHash) throw new BadRequestException(accountMessages.passwordWrong);
      if (user.twoFactorEnabledAt) throw new ConflictException(accountMessages.twoFactorAlreadyOn);
      if (!user.twoFactorPendingSecret) throw new BadRequestException(accountMessages.twoFactorNoSetup);
      const secret = this.codes.open(userId, 'two_factor_pending_secret', user.twoFactorPendingSecret);
      const step = matchTotpStep(secret, request.code.replace(/\s+/g, ''));
      if (step === null) throw new BadRequestException(accountMessages.codeWrong);
      await manager.query(
        `UPDATE public_users
            SET two_factor_secret = $2, two_factor_pending_secret = NULL,
                two_factor_enabled_at = now(), two_factor_last_step = $3
          WHERE id = $1`,
        [userId, this.codes.seal(userId, 'two_factor_secret', secret), step],
      );
      const recoveryCodes = await this.codes.replaceRecoveryCodes(manager, userId);
      await this.links.requestMail(manager, user.email, { template: 'two-factor-enabled', name: user.name });
      return { recoveryCodes };
    });
  }

  /**
   * A code (TOTP or recovery) or the password turns two-factor sign-in off: secret, recovery codes and
   * open sign-in challenges are gone. Wrong ones count as the sign-in's wrong codes (5, then 429), so
   * a stolen session cannot guess its way to turning it off.
   */
  async disable(userId: string, request: TwoFactorDisableRequest): Promise<void> {
    await this.attempts.assertTwoFactorAllowed(userId);
    const passwordHash = request.code === undefined ? await this.passwordHashOf(userId) : null;
    const passwordRight =
      request.code === undefined && (await this.passwords.verify(passwordHash, request.password ?? ''));
    const outcome = await this.dataSource.transaction(async (manager): Promise<CodeOutcome> => {
      const user = await this.lockedUser(manager, userId);
      if (!user.twoFactorEnabledAt) throw new ConflictException(accountMessages.twoFactorNotOn);
      const result =
        request.code === undefined
          ? passwordRight && user.passwordHash === passwordHash
            ? 'accepted'
            : 'wrong'
          : await this.codes.redeem(manager, user, request.code);
      if (result !== 'accepted') return result;
      await manager.query(
        `UPDATE public_users
            SET two_factor_secret = NULL, two_factor_pending_secret = NULL,
                two_factor_enabled_at = NULL, two_factor_last_step = NULL
          WHERE id = $1`,
        [userId],
      );
      await this.codes.deleteRecoveryCodes(manager, userId);
      await this.challenges.spendAll(manager, userId);
      await this.links.requestMail(manager, user.email, { template: 'two-factor-disabled', name: user.name });
      return result;
    });
    if (outcome === 'accepted') {
      await this.attempts.clearTwoFactorFailures(userId);
      return;
    }
    const wait = await this.attempts.recordTwoFactorFailure(userId);
    if (wait > 0) throw this.attempts.twoFactorThrottled(wait);
    throw new BadRequestException(
      request.code === undefined
        ? accountMessages.passwordWrong
        : outcome === 'used'
          ? accountMessages.codeUsed
          : accountMessages.codeWrong,
    );
  }

  private async passwordHashOf(userId: string): Promise<string | null> {
    const [row]: { passwordHash: string | null }[] = await this.dataSource.query(
      'SELECT password_hash AS "passwordHash" FROM public_users WHERE id = $1',
      [userId],
    );
    return row?.passwordHash ?? null;
  }

  /** The caller's account, locked; it was deleted under a live token only in a race, answered as a dead token. */
  private async lockedUser(manager: EntityManager, userId: string): Promise<UserEntity> {
    const user = await this.users.lock(manager, userId);
    if (!user) throw new UnauthorizedException(INVALID_TOKEN_MESSAGE);
    return user;
  }
}

import { BadRequestException, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  accountMessages,
  type LoginResponse,
  type MessageResponse,
  type TwoFactorChallengeResponse,
} from '@portal/contracts';
import type { DataSource } from 'typeorm';
import { type AccountLink, AccountLinksService } from '../account-links/account-links.service';
import { AuthService, type ClientInfo } from '../auth/auth.service';
import { PasswordHasher } from '../auth/password-hasher';
import { TwoFactorChallenges } from '../auth/two-factor-challenges';
import { emailKey, UsersService } from '../users/users.service';
import { AccountAttemptsService } from './account-attempts.service';

/** The reset link's refusals: a link that is not (or no longer) one, used, expired. */
function refusal(link: AccountLink | null, signedInAs: string | null): BadRequestException | null {
  if (!link || (signedInAs !== null && signedInAs !== link.userId)) {
    return new BadRequestException(accountMessages.resetLinkInvalid);
  }
  if (link.used) return new BadRequestException(accountMessages.resetLinkUsed);
  if (link.expired) return new BadRequestException(accountMessages.resetLinkExpired);
  return null;
}

/**
 * 'Forgot password?': a reset link by mail (30 minutes, used once), then a new password that ends
 * every session and signs in afresh. Asking answers the same, in the same time, whether or not the
 * email has an account.
 */
@Injectable()
export class PasswordResetService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly attempts: AccountAttemptsService,
    private readonly links: AccountLinksService,
    private readonly users: UsersService,
    private readonly passwords: PasswordHasher,
    private readonly auth: AuthService,
    private readonly challenges: TwoFactorChallenges,
  ) {}

  /**
   * Mails a reset link when the email has an account. Either way the request is counted and the same
   * statements run in one committed transaction (the attempts, then one statement that looks the
   * account up and stores its link); only the mail request is skipped without an account, and the
   * answer is the same 202.
   */
  async requestReset(email: string, client: ClientInfo): Promise<MessageResponse> {
    const key = emailKey(email);
    await this.attempts.assertResetAllowed(key, client.address);
    await this.dataSource.transaction(async (manager) => {
      await this.attempts.recordReset(manager, key, client.address);
      const issued = await this.links.issueForEmail(manager, key, 'password-reset');
      if (issued) {
        const { user, link } = issued;
        await this.links.requestMail(manager, user.email, {
          template: 'password-reset',
          name: user.name,
          link,
        });
      }
    });
    return { message: accountMessages.resetRequested };
  }

  /**
   * Sets the new password (sign-up's rules, checked by the contract), ends every session and access
   * token of the account, marks its email verified (the link proved it is read) and signs in: a new
   * session, or the two-factor challenge when the account has two-factor sign-in. `signedInAs`: the
   * account signed in where the link was opened, if any; another account's link is refused.
   */
  async reset(
    token: string,
    password: string,
    client: ClientInfo,
    signedInAs: string | null,
  ): Promise<LoginResponse | TwoFactorChallengeResponse> {
    // A link that is plainly refused costs no argon2 hash.
    const early = await this.dataSource.transaction((manager) =>
      this.links.find(manager, token, 'password-reset'),
    );
    const refused = refusal(early, signedInAs);
    if (refused) throw refused;
    const passwordHash = await this.passwords.hash(password);

    const outcome = await this.dataSource.transaction(async (manager) => {
      const link = await this.links.find(manager, token, 'password-reset');
      const again = refusal(link, signedInAs);
      if (again) throw again;
      const user = (await this.users.lock(manager, link!.userId))!;
      await this.links.markUsed(manager, link!.id);
      await this.links.invalidate(manager, user.id, 'password-reset');
      await this.users.update(
        manager,
        user.id,
        { passwordHash, emailVerifiedAt: user.emailVerifiedAt ?? new Date() },
        true,
      );
      await this.links.requestMail(manager, user.email, { template: 'password-changed', name: user.name });
      if (user.twoFactorEnabledAt) return { user, token: null };
      return { user, token: await this.auth.openSession(manager, user, client) };
    });

    const { user } = outcome;
    if (outcome.token === null) {
      return { twoFactorRequired: true, challenge: await this.challenges.open(user.id, client) };
    }
    return {
      token: outcome.token,
      user: { id: user.id, name: user.name, email: user.email, role: user.role },
    };
  }
}

import {
  BadRequestException,
  ConflictException,
  ForbiddenException,
  Injectable,
  NotFoundException,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  accountMessages,
  type ConfirmEmailResponse,
  isAdmin,
  type MessageResponse,
  type Role,
  type VerifyEmailResponse,
} from '@portal/contracts';
import { type DataSource, QueryFailedError } from 'typeorm';
import { AccountLinksService } from '../account-links/account-links.service';
import type { ClientInfo } from '../auth/auth.service';
import { emailKey, UsersService } from '../users/users.service';
import { AccountAttemptsService } from './account-attempts.service';
import { AccountService } from './account.service';

const UNIQUE_VIOLATION = '23505';

/**
 * An account's email address: verified through the link sent at sign-up (or again on request), and
 * changed through a link sent to the new address (a notice goes to the old one). `signedInAs`: the
 * account signed in where a link was opened, if any; a link of another account is refused.
 */
@Injectable()
export class AccountEmailService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly users: UsersService,
    private readonly links: AccountLinksService,
    private readonly attempts: AccountAttemptsService,
    private readonly account: AccountService,
  ) {}

  /** Marks the address verified; a link used before, or an account verified since, answers alreadyVerified. */
  verify(token: string, signedInAs: string | null): Promise<VerifyEmailResponse> {
    return this.dataSource.transaction(async (manager) => {
      const link = await this.links.find(manager, token, 'email-verification');
      if (!link || (signedInAs !== null && signedInAs !== link.userId)) {
        throw new BadRequestException(accountMessages.verificationLinkInvalid);
      }
      const user = (await this.users.lock(manager, link.userId))!;
      if (link.used || user.emailVerifiedAt) {
        if (!link.used) await this.links.markUsed(manager, link.id);
        return { email: user.email, alreadyVerified: true };
      }
      if (link.expired) throw new BadRequestException(accountMessages.verificationLinkExpired);
      await this.links.markUsed(manager, link.id);
      await this.users.update(manager, user.id, { emailVerifiedAt: new Date() }, false);
      return { email: user.email, alreadyVerified: false };
    });
  }

  /** A new verification link (the older ones end); 409 when already verified, 429 past the hour's limit. */
  async resendVerification(userId: string): Promise<MessageResponse> {
    const user = await this.users.findById(userId);
    if (!user) throw new NotFoundException('Account not found');
    if (user.emailVerifiedAt) throw new ConflictException(accountMessages.emailAlreadyVerified);
    await this.attempts.admitVerificationMail(userId);
    await this.dataSource.transaction((manager) => this.links.sendVerification(manager, user));
    return { message: accountMessages.verificationSent };
  }

  /**
   * Starts an email change: the current password is required, the new address must differ and be
   * free (any case). The confirmation link goes to the new address, a notice to the old; the email
   * changes only once the link is opened. Staff accounts are the company's: 403.
   */
  async requestChange(
    session: { userId: string; role: Role },
    change: { newEmail: string; currentPassword: string },
    client: ClientInfo,
  ): Promise<MessageResponse> {
    if (isAdmin(session.role)) throw new ForbiddenException(accountMessages.staffAccountManaged);
    const user = await this.users.findById(session.userId);
    if (!user) throw new NotFoundException('Account not found');
    await this.account.assertCurrentPassword(user, change.currentPassword, client);
    if (emailKey(change.newEmail) === emailKey(user.email)) {
      throw new BadRequestException(accountMessages.sameEmail);
    }
    if (await this.users.emailTaken(change.newEmail)) throw new ConflictException(accountMessages.emailInUse);
    await this.dataSource.transaction(async (manager) => {
      const link = await this.links.issue(manager, user.id, 'email-change', change.newEmail);
      await this.links.requestMail(manager, change.newEmail, {
        template: 'email-change-confirmation',
        name: user.name,
        link,
        newEmail: change.newEmail,
      });
      await this.links.requestMail(manager, user.email, {
        template: 'email-change-notice',
        name: user.name,
        newEmail: change.newEmail,
      });
    });
    return { message: accountMessages.emailChangeRequested };
  }

  /**
   * Makes the link's new address the account's, verified; links still waiting in the old mailbox
   * (verification, password reset) end. 409 emailInUse when another account took it in the meantime
   * (the link stays unused: nothing changed). The old address gets nothing more.
   */
  async confirmChange(token: string, signedInAs: string | null): Promise<ConfirmEmailResponse> {
    try {
      return await this.dataSource.transaction(async (manager) => {
        const link = await this.links.find(manager, token, 'email-change');
        if (!link || !link.newEmail || (signedInAs !== null && signedInAs !== link.userId)) {
          throw new BadRequestException(accountMessages.emailChangeLinkInvalid);
        }
        if (link.used) throw new BadRequestException(accountMessages.emailChangeLinkUsed);
        if (link.expired) throw new BadRequestException(accountMessages.emailChangeLinkExpired);
        const user = (await this.users.lock(manager, link.userId))!;
        const [taken]: unknown[] = await manager.query(
          'SELECT 1 FROM public_users WHERE lower(email) = $1 AND id <> $2',
          [emailKey(link.newEmail), user.id],
        );
        if (taken) throw new ConflictException(accountMessages.emailInUse);
        await this.links.markUsed(manager, link.id);
        // Links mailed to the old address no longer apply.
        await this.links.invalidate(manager, user.id, 'email-verification');
        await this.links.invalidate(manager, user.id, 'password-reset');
        await this.users.update(
          manager,
          user.id,
          { email: link.newEmail, emailVerifiedAt: new Date() },
          false,
        );
        return { email: link.newEmail };
      });
    } catch (error) {
      // Another account took the address between the check and the update: the unique index decides.
      if (
        error instanceof QueryFailedError &&
        (error.driverError as { code?: string }).code === UNIQUE_VIOLATION
      ) {
        throw new ConflictException(accountMessages.emailInUse);
      }
      throw error;
    }
  }
}

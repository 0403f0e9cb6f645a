import { randomUUID } from 'node:crypto';
import {
  BadRequestException,
  ConflictException,
  ForbiddenException,
  Inject,
  Injectable,
  NotFoundException,
  type OnModuleInit,
  UnauthorizedException,
} from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  accountMessages,
  isCustomer,
  type LoginRequest,
  type LoginResponse,
  type RegisterRequest,
  type RegisterResponse,
  type TwoFactorChallengeResponse,
  type TwoFactorLoginRequest,
  teamMessages,
} from '@portal/contracts';
import { enqueueCatalogEvent } from '@portal/events';
import { type DataSource, type EntityManager, QueryFailedError } from 'typeorm';
import { AccountLinksService } from '../account-links/account-links.service';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config';
import { type Membership, MembershipsService } from '../memberships/memberships.service';
import { OrganizationsService } from '../organizations/organizations.service';
import { SessionsService } from '../sessions/sessions.service';
import { TokenService } from '../tokens/token.service';
import { TwoFactorCodes } from '../two-factor/two-factor-codes';
import { UserEntity } from '../users/user.entity';
import { emailKey, UsersService } from '../users/users.service';
import { AuthAttemptsService } from './auth-attempts.service';
import { INVITATION_JOINER, type InvitationJoiner } from './invitation-joiner';
import { PasswordHasher } from './password-hasher';
import { INVALID_TOKEN_MESSAGE } from './session-auth.guard';
import { TwoFactorChallenges } from './two-factor-challenges';

export interface ClientInfo {
  address: string;
  userAgent: string | null;
}

export const EMAIL_TAKEN_MESSAGE = 'An account with this email already exists. Please sign in instead.';
export const INVALID_CREDENTIALS_MESSAGE = 'Invalid email or password';

const UNIQUE_VIOLATION = '23505';

export const ORGANIZATION_NOT_FOUND_MESSAGE = 'Organization not found';

interface NewAccount {
  name: string;
  email: string;
  passwordHash: string;
}

@Injectable()
export class AuthService implements OnModuleInit {
  /** Sign-up from an invitation link, bound by the team feature; absent, such a sign-up is refused. */
  private joiner?: InvitationJoiner;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(IDENTITY_CONFIG) private readonly config: Pick<IdentityConfig, 'auth'>,
    private readonly organizations: OrganizationsService,
    private readonly sessions: SessionsService,
    private readonly tokens: TokenService,
    private readonly passwords: PasswordHasher,
    private readonly attempts: AuthAttemptsService,
    private readonly users: UsersService,
    private readonly links: AccountLinksService,
    private readonly challenges: TwoFactorChallenges,
    private readonly codes: TwoFactorCodes,
    private readonly memberships: MembershipsService,
    private readonly moduleRef: ModuleRef,
  ) {}

  onModuleInit(): void {
    try {
      this.joiner = this.moduleRef.get<InvitationJoiner>(INVITATION_JOINER, { strict: false });
    } catch {
      // No team feature in this app: a sign-up with an invitation answers 400.
    }
  }

  /**
   * Creates the customer, its organization, its `portal.users.registered` event, the mail with its
   * email verification link and a first session in one transaction, and answers the session's token.
   * A taken email answers 409 after the same work (hash, inserts, token), so the time of the answer
   * does not tell which emails have accounts.
   */
  async register(request: RegisterRequest, client: ClientInfo): Promise<RegisterResponse> {
    await this.attempts.admitRegistration(client.address);
    // Hashed whatever the email, and before any transaction opens: no connection waits on argon2.
    const account = {
      name: request.name,
      email: request.email,
      passwordHash: await this.passwords.hash(request.password),
    };
    if (request.invitation !== undefined && !this.joiner) {
      throw new BadRequestException(teamMessages.invitationInvalid);
    }
    if (await this.users.emailTaken(request.email)) {
      await this.rehearseSignUp(account, client);
      throw new ConflictException(EMAIL_TAKEN_MESSAGE);
    }
    const invitation = request.invitation;
    try {
      return {
        token: await this.dataSource.transaction((manager) => this.signUp(manager, account, client, invitation)),
      };
    } catch (error) {
      // Two sign-ups with the same email at once: the unique index decides, the loser gets the 409.
      if (
        error instanceof QueryFailedError &&
        (error.driverError as { code?: string }).code === UNIQUE_VIOLATION
      ) {
        throw new ConflictException(EMAIL_TAKEN_MESSAGE);
      }
      throw error;
    }
  }

  /**
   * Wrong email and wrong password answer the same 401 after the same argon2 work. An account with
   * two-factor sign-in gets a challenge instead of a session: `loginWithTwoFactor` takes it with a code.
   */
  async login(request: LoginRequest, client: ClientInfo): Promise<LoginResponse | TwoFactorChallengeResponse> {
    const key = emailKey(request.email);
    await this.attempts.assertLoginAllowed(key, client.address);
    const user = await this.users.findByEmail(request.email);
    const valid = await this.passwords.verify(user?.passwordHash ?? null, request.password);
    if (!user || !valid) {
      await this.attempts.recordLoginFailure(key, client.address);
      throw new UnauthorizedException(INVALID_CREDENTIALS_MESSAGE);
    }
    await this.attempts.clearLoginFailures(key, client.address);
    if (user.twoFactorEnabledAt) {
      await this.attempts.assertTwoFactorAllowed(user.id);
      return { twoFactorRequired: true, challenge: await this.challenges.open(user.id, client) };
    }
    const token = await this.dataSource.transaction((manager) => this.openSession(manager, user, client));
    return { token, user: { id: user.id, name: user.name, email: user.email, role: user.role } };
  }

  /**
   * The second step of a two-factor sign-in: the challenge `login` answered, from the same address,
   * with a TOTP code newer than the last one taken or an unused recovery code, opens the session as
   * `login` does. A wrong code answers 401; the 5th wrong one of the account (within the login window)
   * 429 with the minutes to wait, and the challenge is spent. No argon2 here: the password was checked.
   */
  async loginWithTwoFactor(request: TwoFactorLoginRequest, client: ClientInfo): Promise<LoginResponse> {
    const outcome = await this.dataSource.transaction(async (manager) => {
      const challenge = await this.challenges.find(request.challenge, client.address, manager);
      if (!challenge) return { kind: 'expired' } as const;
      const wait = await this.attempts.secondsOfTwoFactorWait(challenge.userId);
      if (wait > 0) {
        await this.challenges.spend(challenge.id, manager);
        return { kind: 'throttled', wait } as const;
      }
      const user = await this.users.lock(manager, challenge.userId);
      if (!user?.twoFactorEnabledAt) return { kind: 'expired' } as const;
      const result = await this.codes.redeem(manager, user, request.code);
      if (result !== 'accepted') {
        return { kind: result, challengeId: challenge.id, userId: user.id } as const;
      }
      await this.challenges.spend(challenge.id, manager);
      const token = await this.openSession(manager, user, client);
      return { kind: 'accepted', token, user } as const;
    });
    if (outcome.kind === 'throttled') throw this.attempts.twoFactorThrottled(outcome.wait);
    if (outcome.kind === 'expired') throw new UnauthorizedException(accountMessages.challengeExpired);
    if (outcome.kind === 'accepted') {
      const { token, user } = outcome;
      await this.attempts.clearTwoFactorFailures(user.id);
      return { token, user: { id: user.id, name: user.name, email: user.email, role: user.role } };
    }
    const wait = await this.attempts.recordTwoFactorFailure(outcome.userId);
    if (wait > 0) {
      await this.challenges.spend(outcome.challengeId);
      throw this.attempts.twoFactorThrottled(wait);
    }
    await this.challenges.countFailure(outcome.challengeId);
    throw new UnauthorizedException(outcome.kind === 'used' ? accountMessages.codeUsed : accountMessages.codeWrong);
  }

  /**
   * Writes a new customer with its organization (of which it is the owner), event and first session;
   * answers the session's token. With an invitation's token the customer joins the invitation's
   * organization instead (the team feature's `InvitationJoiner`), in the same transaction.
   */
  private async signUp(
    manager: EntityManager,
    account: NewAccount,
    client: ClientInfo,
    invitation?: string,
  ): Promise<string> {
    let user: UserEntity;
    if (invitation !== undefined && this.joiner) {
      user = await this.users.create(manager, { ...account, role: 'customer', organizationId: null });
      user.organizationId = await this.joiner.joinOnSignUp(manager, user, invitation);
      await manager.query('UPDATE public_users SET organization_id = $2 WHERE id = $1', [
        user.id,
        user.organizationId,
      ]);
    } else {
      const organization = await this.organizations.create(account.name, manager);
      user = await this.users.create(manager, { ...account, role: 'customer', organizationId: organization.id });
      await this.memberships.add(manager, { organizationId: organization.id, userId: user.id, role: 'owner' });
    }
    await enqueueCatalogEvent(manager, 'userRegistered', {
      userId: user.id,
      organizationId: user.organizationId!,
      name: user.name,
      email: user.email,
      role: user.role,
      registeredAt: user.createdAt.toISOString(),
    });
    // An invitation's link proved the address (the joiner marks it verified): no verification mail.
    if (invitation === undefined) await this.links.sendVerification(manager, user);
    return this.openSession(manager, user, client);
  }

  /**
   * The sign-up of a taken email, done in full under a throwaway email and rolled back (nothing is
   * kept, no event leaves: the outbox wakes only on commit), so the 409 costs what a 201 costs.
   */
  private async rehearseSignUp(account: NewAccount, client: ClientInfo): Promise<void> {
    const runner = this.dataSource.createQueryRunner();
    await runner.connect();
    try {
      await runner.startTransaction();
      await this.signUp(
        runner.manager,
        { ...account, email: `rehearsal-${randomUUID()}@example.invalid` },
        client,
      );
    } finally {
      if (runner.isTransactionActive) await runner.rollbackTransaction();
      await runner.release();
    }
  }

  /**
   * Opens a session for the user with the caller's transaction; answers its access token, acting in
   * the organization the user last used if they are still a member there, else their first by name,
   * else none.
   */
  async openSession(manager: EntityManager, user: UserEntity, client: ClientInfo): Promise<string> {
    const session = await this.sessions.create(manager, user.id, this.config.auth.tokenTtlSeconds, client);
    await this.attempts.rememberClient(manager, user.id, client.address);
    const membership = isCustomer(user.role)
      ? await this.actingMembership(manager, user.id, user.organizationId)
      : null;
    await this.rememberOrganization(manager, user, membership);
    return this.signFor(user, session.sessionId, session.expiresAt, membership);
  }

  /**
   * A new token for the caller's live session (`POST /api/auth/token`, an accepted invitation): acting
   * in `organizationId` when given (404 unless the user is a member there), else in `current` (the
   * old token's organization) while still a member, else in the user's first organization by name,
   * else in none. The organization chosen becomes the user's last used one.
   */
  async tokenForSession(
    sessionId: string,
    userId: string,
    organizationId?: string,
    current: string | null = null,
  ): Promise<LoginResponse> {
    return this.dataSource.transaction(async (manager) => {
      const expiresAt = await this.sessions.expiryOf(sessionId, userId, manager);
      const user = expiresAt && (await manager.findOneBy(UserEntity, { id: userId }));
      if (!expiresAt || !user) throw new UnauthorizedException(INVALID_TOKEN_MESSAGE);
      // Staff act in no organization (their role is the company's, not a member's).
      let membership: Membership | null = null;
      if (organizationId !== undefined) {
        if (isCustomer(user.role)) membership = await this.memberships.find(organizationId, userId, manager);
        if (!membership) throw new NotFoundException(ORGANIZATION_NOT_FOUND_MESSAGE);
      } else if (isCustomer(user.role)) {
        membership = await this.actingMembership(manager, userId, current ?? user.organizationId);
      }
      await this.rememberOrganization(manager, user, membership);
      const token = await this.signFor(user, sessionId, expiresAt, membership);
      return { token, user: { id: user.id, name: user.name, email: user.email, role: user.role } };
    });
  }

  /**
   * `POST /api/organizations`: a new organization with the signed-in customer as its owner, and a
   * token for the same session acting in it.
   */
  async createOrganization(sessionId: string, userId: string, name: string): Promise<LoginResponse> {
    const organizationId = await this.dataSource.transaction(async (manager) => {
      const user = await this.users.lock(manager, userId);
      if (!user) throw new UnauthorizedException(INVALID_TOKEN_MESSAGE);
      if (!isCustomer(user.role)) throw new ForbiddenException(accountMessages.staffAccountManaged);
      const organization = await this.organizations.create(name, manager);
      await this.memberships.add(manager, { organizationId: organization.id, userId, role: 'owner' });
      return organization.id;
    });
    return this.tokenForSession(sessionId, userId, organizationId);
  }

  /** The membership a new token acts in: `preferred` while the user is a member there, else their first by name. */
  private async actingMembership(
    manager: EntityManager,
    userId: string,
    preferred: string | null,
  ): Promise<Membership | null> {
    const preferredMembership = preferred ? await this.memberships.find(preferred, userId, manager) : null;
    if (preferredMembership) return preferredMembership;
    const [first] = await this.memberships.listForUser(userId, manager);
    return first ? this.memberships.find(first.id, userId, manager) : null;
  }

  /** Makes the organization a token acts in the user's last used one (their next sign-in starts there). */
  private async rememberOrganization(
    manager: EntityManager,
    user: Pick<UserEntity, 'id' | 'organizationId'>,
    membership: Membership | null,
  ): Promise<void> {
    if (!membership || membership.organizationId === user.organizationId) return;
    await manager.query('UPDATE public_users SET organization_id = $2 WHERE id = $1', [
      user.id,
      membership.organizationId,
    ]);
  }

  private signFor(
    user: Pick<UserEntity, 'id' | 'role'>,
    sessionId: string,
    expiresAt: Date,
    membership: Membership | null,
  ): Promise<string> {
    return this.tokens.sign(
      {
        userId: user.id,
        sessionId,
        role: user.role,
        organizationId: membership?.organizationId ?? null,
        orgRole: membership?.role ?? null,
        membershipVersion: membership?.version ?? 0,
      },
      expiresAt,
    );
  }
}

import { randomUUID } from 'node:crypto';
import { ConflictException, Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { LoginRequest, LoginResponse, RegisterRequest, RegisterResponse } from '@portal/contracts';
import { enqueueCatalogEvent } from '@portal/events';
import { type DataSource, type EntityManager, QueryFailedError } from 'typeorm';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config';
import { OrganizationsService } from '../organizations/organizations.service';
import { SessionsService } from '../sessions/sessions.service';
import { TokenService } from '../tokens/token.service';
import type { UserEntity } from '../users/user.entity';
import { emailKey, UsersService } from '../users/users.service';
import { AuthAttemptsService } from './auth-attempts.service';
import { PasswordHasher } from './password-hasher';

export interface ClientInfo {
  address: string;
  userAgent: string | null;
}

export const EMAIL_TAKEN_MESSAGE = 'An account with this email already exists. Please sign in instead.';
export const INVALID_CREDENTIALS_MESSAGE = 'Invalid email or password';

const UNIQUE_VIOLATION = '23505';

interface NewAccount {
  name: string;
  email: string;
  passwordHash: string;
}

@Injectable()
export class AuthService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(IDENTITY_CONFIG) private readonly config: Pick<IdentityConfig, 'auth'>,
    private readonly organizations: OrganizationsService,
    private readonly sessions: SessionsService,
    private readonly tokens: TokenService,
    private readonly passwords: PasswordHasher,
    private readonly attempts: AuthAttemptsService,
    private readonly users: UsersService,
  ) {}

  /**
   * Creates the customer, its organization, its `portal.users.registered` event and a first session
   * in one transaction, and answers the session's token. A taken email answers 409 after the same
   * work (hash, inserts, token), so the time of the answer does not tell which emails have accounts.
   */
  async register(request: RegisterRequest, client: ClientInfo): Promise<RegisterResponse> {
    await this.attempts.admitRegistration(client.address);
    // Hashed whatever the email, and before any transaction opens: no connection waits on argon2.
    const account = {
      name: request.name,
      email: request.email,
      passwordHash: await this.passwords.hash(request.password),
    };
    if (await this.users.emailTaken(request.email)) {
      await this.rehearseSignUp(account, client);
      throw new ConflictException(EMAIL_TAKEN_MESSAGE);
    }
    try {
      return { token: await this.dataSource.transaction((manager) => this.signUp(manager, account, client)) };
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

  /** Wrong email and wrong password answer the same 401 after the same argon2 work. */
  async login(request: LoginRequest, client: ClientInfo): Promise<LoginResponse> {
    const key = emailKey(request.email);
    await this.attempts.assertLoginAllowed(key, client.address);
    const user = await this.users.findByEmail(request.email);
    const valid = await this.passwords.verify(user?.passwordHash ?? null, request.password);
    if (!user || !valid) {
      await this.attempts.recordLoginFailure(key, client.address);
      throw new UnauthorizedException(INVALID_CREDENTIALS_MESSAGE);
    }
    await this.attempts.clearLoginFailures(key, client.address);
    const token = await this.dataSource.transaction((manager) => this.openSession(manager, user, client));
    return { token, user: { id: user.id, name: user.name, email: user.email, role: user.role } };
  }

  /** Writes a new customer with its organization, event and first session; answers the session's token. */
  private async signUp(manager: EntityManager, account: NewAccount, client: ClientInfo): Promise<string> {
    const organization = await this.organizations.create(account.name, manager);
    const user = await this.users.create(manager, {
      ...account,
      role: 'customer',
      organizationId: organization.id,
    });
    await enqueueCatalogEvent(manager, 'userRegistered', {
      userId: user.id,
      organizationId: organization.id,
      name: user.name,
      email: user.email,
      role: user.role,
      registeredAt: user.createdAt.toISOString(),
    });
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

  private async openSession(manager: EntityManager, user: UserEntity, client: ClientInfo): Promise<string> {
    const session = await this.sessions.create(manager, user.id, this.config.auth.tokenTtlSeconds, client);
    await this.attempts.rememberClient(manager, user.id, client.address);
    return this.tokens.sign(
      { userId: user.id, sessionId: session.sessionId, role: user.role, organizationId: user.organizationId },
      session.expiresAt,
    );
  }
}

import { Body, Controller, Get, Header, HttpCode, HttpStatus, Post, Req, UseGuards } from '@nestjs/common';
import {
  type LoginRequest,
  loginRequestSchema,
  type LoginResponse,
  type MeResponse,
  type RegisterRequest,
  registerRequestSchema,
  type RegisterResponse,
  type TwoFactorChallengeResponse,
  type TokenRequest,
  tokenRequestSchema,
  type TwoFactorLoginRequest,
  twoFactorLoginRequestSchema,
} from '@portal/contracts';
import type { FastifyRequest } from 'fastify';
import { OrganizationsService } from '../organizations/organizations.service';
import { SessionsService } from '../sessions/sessions.service';
import { TokenService } from '../tokens/token.service';
import { AuthService, type ClientInfo } from './auth.service';
import { AllowStaleMembership, type AuthenticatedRequest, SessionAuthGuard } from './session-auth.guard';

/** The switcher and the retry after a membership change send `{}` or `{ organizationId }`; no body is `{}`. */
const tokenRequestBodySchema = tokenRequestSchema.optional().transform((body) => body ?? {});

/** The client as identity records it: its address (from the trusted proxies) and user agent. */
export const clientOf = (request: FastifyRequest): ClientInfo => ({
  address: request.ip,
  userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
});

@Controller('api/auth')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly sessions: SessionsService,
    private readonly tokens: TokenService,
    private readonly organizations: OrganizationsService,
  ) {}

  @Post('register')
  @HttpCode(HttpStatus.CREATED)
  register(
    @Body({ schema: registerRequestSchema }) body: RegisterRequest,
    @Req() request: FastifyRequest,
  ): Promise<RegisterResponse> {
    return this.auth.register(body, clientOf(request));
  }

  @Post('login')
  @HttpCode(HttpStatus.OK)
  login(
    @Body({ schema: loginRequestSchema }) body: LoginRequest,
    @Req() request: FastifyRequest,
  ): Promise<LoginResponse | TwoFactorChallengeResponse> {
    return this.auth.login(body, clientOf(request));
  }

  /** The code of a two-factor sign-in, with the challenge `login` answered. */
  @Post('login/two-factor')
  @HttpCode(HttpStatus.OK)
  loginWithTwoFactor(
    @Body({ schema: twoFactorLoginRequestSchema }) body: TwoFactorLoginRequest,
    @Req() request: FastifyRequest,
  ): Promise<LoginResponse> {
    return this.auth.loginWithTwoFactor(body, clientOf(request));
  }

  /** The signed-in user and the organization their token acts in, with their role there. */
  @Get('me')
  @UseGuards(SessionAuthGuard)
  @Header('cache-control', 'no-store')
  async me(@Req() request: AuthenticatedRequest): Promise<MeResponse> {
    const { id, name, email, role, organizationId, orgRole } = request.session.user;
    const organizationName = organizationId ? await this.organizations.nameOf(organizationId) : null;
    return { id, name, email, role, organizationId, organizationName, orgRole };
  }

  /**
   * A new token for this session: acting in `organizationId` (the header's switcher; 404 unless a
   * member), else in the token's organization as the membership is now (after a role change), else in
   * another of the user's organizations or none (after a removal). A token whose membership changed is
   * taken here, and only here: this is how the front end gets a current one.
   */
  @Post('token')
  @HttpCode(HttpStatus.OK)
  @UseGuards(SessionAuthGuard)
  @AllowStaleMembership()
  token(
    @Body({ schema: tokenRequestBodySchema }) body: TokenRequest,
    @Req() request: AuthenticatedRequest,
  ): Promise<LoginResponse> {
    const { id, user, tokenOrganizationId } = request.session;
    return this.auth.tokenForSession(id, user.id, body.organizationId, tokenOrganizationId);
  }

  /** Sign-out: the session is deleted, so this token and every copy of it stop working. */
  @Post('logout')
  @HttpCode(HttpStatus.NO_CONTENT)
  @UseGuards(SessionAuthGuard)
  async logout(@Req() request: AuthenticatedRequest): Promise<void> {
    await this.sessions.revoke(request.session.id, request.session.user.id);
  }

  /** The public keys that verify access tokens; services cache them. */
  @Get('.well-known/jwks.json')
  @Header('cache-control', 'public, max-age=300')
  jwks() {
    return this.tokens.jwks();
  }
}

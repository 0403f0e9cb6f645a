import { Body, Controller, Get, Header, HttpCode, HttpStatus, Post, Req, UseGuards } from '@nestjs/common';
import {
  createOrganizationRequestSchema,
  type LoginResponse,
  type MyOrganizationsResponse,
} from '@portal/contracts';
import { AuthService } from '../auth/auth.service';
import { type AuthenticatedRequest, SessionAuthGuard } from '../auth/session-auth.guard';
import { MembershipsService } from '../memberships/memberships.service';

/** The signed-in user's organizations (the header's switcher) and a new one of theirs. */
@Controller('api/organizations')
@UseGuards(SessionAuthGuard)
export class OrganizationsController {
  constructor(
    private readonly memberships: MembershipsService,
    private readonly auth: AuthService,
  ) {}

  /** Every organization the caller is a member of, with their role there, by name. */
  @Get()
  @Header('cache-control', 'no-store')
  async list(@Req() request: AuthenticatedRequest): Promise<MyOrganizationsResponse> {
    return { organizations: await this.memberships.listForUser(request.session.user.id) };
  }

  /** A new organization with the caller as its owner; answers a token for this session acting in it. */
  @Post()
  @HttpCode(HttpStatus.CREATED)
  create(
    @Body({ schema: createOrganizationRequestSchema }) body: { name: string },
    @Req() request: AuthenticatedRequest,
  ): Promise<LoginResponse> {
    return this.auth.createOrganization(request.session.id, request.session.user.id, body.name);
  }
}

import {
  Body,
  Controller,
  Delete,
  Get,
  Header,
  HttpCode,
  HttpStatus,
  NotFoundException,
  Param,
  ParseUUIDPipe,
  Post,
  Req,
  UseGuards,
} from '@nestjs/common';
import {
  acceptInvitationRequestSchema,
  type CreateInvitationRequest,
  createInvitationRequestSchema,
  type Invitation,
  type InvitationPreview,
  invitationPreviewRequestSchema,
  type InvitationsResponse,
  type LoginResponse,
  teamMessages,
} from '@portal/contracts';
import { type AuthenticatedRequest, SessionAuthGuard } from '../../auth/session-auth.guard';
import { type MemberRequest, SessionMemberCan } from '../../auth/session-member.guard';
import { actingMember } from '../acting-member';
import { InvitationsService } from './invitations.service';

/** An id that is no uuid is an invitation that does not exist: 404, as for another organization's. */
const invitationId = new ParseUUIDPipe({
  exceptionFactory: () => new NotFoundException(teamMessages.invitationNotFound),
});

/** The team page's pending invitations, in the organization of the caller's token only. */
@Controller('api/team/invitations')
export class InvitationsController {
  constructor(private readonly invitations: InvitationsService) {}

  @Get()
  @SessionMemberCan('team.read')
  @Header('cache-control', 'no-store')
  list(@Req() request: MemberRequest): Promise<InvitationsResponse> {
    return this.invitations.list(request.session.user.organizationId);
  }

  @Post()
  @SessionMemberCan('team.manage')
  @HttpCode(HttpStatus.CREATED)
  create(
    @Req() request: MemberRequest,
    @Body({ schema: createInvitationRequestSchema }) body: CreateInvitationRequest,
  ): Promise<Invitation> {
    return this.invitations.create(actingMember(request), body.email, body.role);
  }

  /** Reads no body: a new link (the old one stops working) for 7 more days. */
  @Post(':id/resend')
  @SessionMemberCan('team.manage')
  @HttpCode(HttpStatus.OK)
  resend(@Req() request: MemberRequest, @Param('id', invitationId) id: string): Promise<Invitation> {
    return this.invitations.resend(actingMember(request), id);
  }

  @Delete(':id')
  @SessionMemberCan('team.manage')
  @HttpCode(HttpStatus.NO_CONTENT)
  revoke(@Req() request: MemberRequest, @Param('id', invitationId) id: string): Promise<void> {
    return this.invitations.revoke(actingMember(request), id);
  }
}

/** The invitation link's page: what it is (public), and joining with it (signed in). */
@Controller('api/invitations')
export class InvitationLinksController {
  constructor(private readonly invitations: InvitationsService) {}

  @Post('preview')
  @HttpCode(HttpStatus.OK)
  @Header('cache-control', 'no-store')
  preview(
    @Body({ schema: invitationPreviewRequestSchema }) body: { token: string },
  ): Promise<InvitationPreview> {
    return this.invitations.preview(body.token);
  }

  /** The signed-in account of the invited email joins; the answer's token acts in the organization. */
  @Post('accept')
  @UseGuards(SessionAuthGuard)
  @HttpCode(HttpStatus.OK)
  @Header('cache-control', 'no-store')
  accept(
    @Req() request: AuthenticatedRequest,
    @Body({ schema: acceptInvitationRequestSchema }) body: { token: string },
  ): Promise<LoginResponse> {
    return this.invitations.accept(body.token, request.session);
  }
}

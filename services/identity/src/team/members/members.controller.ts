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
  Patch,
  Post,
  Req,
} from '@nestjs/common';
import {
  type ChangeRoleRequest,
  changeRoleRequestSchema,
  type TeamMember,
  type TeamMembersResponse,
  teamMessages,
  type TransferOwnershipRequest,
  transferOwnershipRequestSchema,
} from '@portal/contracts';
import { type MemberRequest, SessionMemberCan } from '../../auth/session-member.guard';
import { actingMember } from '../acting-member';
import { MembersService } from './members.service';

/** An id that is no uuid is a member that does not exist: 404, as for another organization's. */
const memberId = new ParseUUIDPipe({
  exceptionFactory: () => new NotFoundException(teamMessages.notAMember),
});

/** The team page's members: every route acts in the organization of the caller's token only. */
@Controller('api/team')
export class MembersController {
  constructor(private readonly members: MembersService) {}

  @Get('members')
  @SessionMemberCan('team.read')
  @Header('cache-control', 'no-store')
  list(@Req() request: MemberRequest): Promise<TeamMembersResponse> {
    return this.members.list(request.session.user.organizationId);
  }

  @Patch('members/:userId')
  @SessionMemberCan('team.manage')
  changeRole(
    @Req() request: MemberRequest,
    @Param('userId', memberId) userId: string,
    @Body({ schema: changeRoleRequestSchema }) body: ChangeRoleRequest,
  ): Promise<TeamMember> {
    return this.members.changeRole(actingMember(request), userId, body.role);
  }

  @Delete('members/:userId')
  @SessionMemberCan('team.manage')
  @HttpCode(HttpStatus.NO_CONTENT)
  remove(@Req() request: MemberRequest, @Param('userId', memberId) userId: string): Promise<void> {
    return this.members.remove(actingMember(request), userId);
  }

  /** The caller leaves the organization (no body); their token for it stops working. */
  @Post('leave')
  @SessionMemberCan('team.read')
  @HttpCode(HttpStatus.NO_CONTENT)
  leave(@Req() request: MemberRequest): Promise<void> {
    return this.members.leave(actingMember(request));
  }

  @Post('transfer-ownership')
  @SessionMemberCan('ownership.transfer')
  @HttpCode(HttpStatus.OK)
  transferOwnership(
    @Req() request: MemberRequest,
    @Body({ schema: transferOwnershipRequestSchema }) body: TransferOwnershipRequest,
  ): Promise<TeamMembersResponse> {
    return this.members.transferOwnership(actingMember(request), body.userId);
  }
}

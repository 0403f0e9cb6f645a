import { BadRequestException, Controller, Get, Header, Query, Req } from '@nestjs/common';
import type { TeamAuditResponse } from '@portal/contracts';
import { type MemberRequest, SessionMemberCan } from '../../auth/session-member.guard';
import { decodeKeysetCursor } from '@portal/db';
import { TeamAuditService } from './team-audit.service';

export const AUDIT_CURSOR_INVALID_MESSAGE = 'Cursor is not valid: start again from the first page';

/** `GET /api/team/audit?cursor=`: the organization's team changes, newest first, 50 a page. */
@Controller('api/team/audit')
export class TeamAuditController {
  constructor(private readonly audit: TeamAuditService) {}

  @Get()
  @SessionMemberCan('team.read')
  @Header('cache-control', 'no-store')
  list(@Req() request: MemberRequest, @Query('cursor') cursor: unknown): Promise<TeamAuditResponse> {
    if (cursor !== undefined && typeof cursor !== 'string') {
      throw new BadRequestException(AUDIT_CURSOR_INVALID_MESSAGE);
    }
    const after = cursor === undefined || cursor === '' ? undefined : decodeKeysetCursor(cursor);
    if (after === null) throw new BadRequestException(AUDIT_CURSOR_INVALID_MESSAGE);
    return this.audit.page(request.session.user.organizationId, after);
  }
}

import { Module } from '@nestjs/common';
import { AccountLinksModule } from '../account-links/account-links.module';
import { AuthModule } from '../auth/auth.module';
import { INVITATION_JOINER } from '../auth/invitation-joiner';
import { MembershipsModule } from '../memberships/memberships.module';
import { TeamAuditController } from './audit/team-audit.controller';
import { TeamAuditService } from './audit/team-audit.service';
import { InvitationLimits } from './invitations/invitation-limits';
import { InvitationLinksController, InvitationsController } from './invitations/invitations.controller';
import { InvitationsService } from './invitations/invitations.service';
import { MembersController } from './members/members.controller';
import { MembersService } from './members/members.service';
import { TeamMails } from './team-mails';

/**
 * The team page of an organization (issue 18, ADR 0183): its members and their roles, invitations by
 * mail, leaving, ownership, and the audit log of every change. Sign-up with an invitation joins
 * through `INVITATION_JOINER` (AuthService.register).
 */
@Module({
  imports: [AuthModule, AccountLinksModule, MembershipsModule],
  controllers: [MembersController, InvitationsController, InvitationLinksController, TeamAuditController],
  providers: [
    MembersService,
    InvitationsService,
    InvitationLimits,
    TeamAuditService,
    TeamMails,
    { provide: INVITATION_JOINER, useExisting: InvitationsService },
  ],
  exports: [TeamAuditService],
})
export class TeamModule {}

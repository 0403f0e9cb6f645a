import { Inject, Injectable } from '@nestjs/common';
import { accountPages, type OrgRole, orgRoleLabels } from '@portal/contracts';
import type { EntityManager } from 'typeorm';
import { AccountLinksService } from '../account-links/account-links.service';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config';

/**
 * The team's mails, asked for with `portal.mail.requested` in the transaction of the change (crm's
 * mailer renders and sends them once it commits), through the one way identity asks for mail.
 */
@Injectable()
export class TeamMails {
  constructor(
    private readonly links: AccountLinksService,
    @Inject(IDENTITY_CONFIG) private readonly config: Pick<IdentityConfig, 'auth'>,
  ) {}

  invitationLink(token: string): string {
    return `${this.config.auth.publicSiteUrl}${accountPages.invitation}?token=${token}`;
  }

  invitation(
    manager: EntityManager,
    invitation: {
      email: string;
      role: OrgRole;
      organizationName: string;
      invitedBy: string;
      expiresAt: Date;
    },
    token: string,
  ): Promise<void> {
    return this.links.requestMail(manager, invitation.email, {
      template: 'team-invitation',
      organizationName: invitation.organizationName,
      invitedBy: invitation.invitedBy,
      role: orgRoleLabels[invitation.role],
      link: this.invitationLink(token),
      expiresAt: invitation.expiresAt.toISOString(),
    });
  }

  roleChanged(
    manager: EntityManager,
    member: { name: string; email: string },
    organizationName: string,
    role: OrgRole,
  ): Promise<void> {
    return this.links.requestMail(manager, member.email, {
      template: 'team-role-changed',
      name: member.name,
      organizationName,
      role: orgRoleLabels[role],
    });
  }

  removed(
    manager: EntityManager,
    member: { name: string; email: string },
    organizationName: string,
  ): Promise<void> {
    return this.links.requestMail(manager, member.email, {
      template: 'team-removed',
      name: member.name,
      organizationName,
    });
  }
}

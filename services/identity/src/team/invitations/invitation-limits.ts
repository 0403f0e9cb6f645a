import { Injectable } from '@nestjs/common';
import type { TeamAuditAction } from '@portal/contracts';
import type { EntityManager } from 'typeorm';
import { tooManyAttempts } from '../../account/account-attempts.service';

/** Invitation mails (new and resent) an organization may send per day: a team, not a mailing list. */
export const INVITATIONS_PER_ORGANIZATION_PER_DAY = 50;
const DAY_SECONDS = 24 * 60 * 60;

/** The audit entries that each sent an invitation mail. */
const MAILING_ACTIONS: TeamAuditAction[] = ['member.invited', 'invitation.resent'];

/**
 * The limit on the invitation mails an organization makes identity send. Each one already writes an
 * audit entry in its transaction (`member.invited`, `invitation.resent`), so the entries of the last
 * day are the count: no second record of the same fact. Read under the organization's lock (every
 * change of the team takes it first), so two invitations at once cannot both take the last one.
 */
@Injectable()
export class InvitationLimits {
  /**
   * Throws 429 'Too many attempts. Try again in n minutes.' (with Retry-After) once the organization
   * has sent its day's: the wait is until the oldest of the last 50 is a day old.
   */
  async assertAllowed(manager: EntityManager, organizationId: string): Promise<void> {
    const [row]: { wait: string | null }[] = await manager.query(
      `SELECT ceil(extract(epoch FROM at + make_interval(secs => $3) - now())) AS wait
         FROM organization_audit
        WHERE organization_id = $1 AND action = ANY($2) AND at > now() - make_interval(secs => $3)
        ORDER BY at DESC
        OFFSET $4 - 1 LIMIT 1`,
      [organizationId, MAILING_ACTIONS, DAY_SECONDS, INVITATIONS_PER_ORGANIZATION_PER_DAY],
    );
    const wait = Math.max(0, Number(row?.wait ?? 0));
    if (wait > 0) throw tooManyAttempts(wait);
  }
}

import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  type OrgRole,
  orgRoleLabels,
  type TeamAuditAction,
  type TeamAuditEntry,
  type TeamAuditResponse,
} from '@portal/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import { encodeKeysetCursor, type KeysetCursor, keysetTimeText } from '@portal/db';

/** Who did it, as the entry keeps them (the name at the time; the id goes when the account does). */
export interface AuditActor {
  id: string;
  name: string;
}

/** What happened, in the words of the team page: the action, whom it was about and the sentence. */
export interface AuditEvent {
  action: TeamAuditAction;
  /** An email (invitations) or a member's name. */
  subject: string;
  summary: string;
}

const label = (role: OrgRole) => orgRoleLabels[role];

/** An API key as the log names it: its name and visible prefix, never the key. */
export interface AuditedApiKey {
  name: string;
  prefix: string;
}

const apiKeyLabel = (key: AuditedApiKey) => `"${key.name}" (${key.prefix}…)`;

/** The sentences of the audit log, e.g. "Ana Ruiz changed Bo Li's role from Member to Billing". */
export const auditEvents = {
  invited: (actor: AuditActor, email: string, role: OrgRole): AuditEvent => ({
    action: 'member.invited',
    subject: email,
    summary: `${actor.name} invited ${email} as ${label(role)}`,
  }),
  resent: (actor: AuditActor, email: string): AuditEvent => ({
    action: 'invitation.resent',
    subject: email,
    summary: `${actor.name} resent the invitation to ${email}`,
  }),
  revoked: (actor: AuditActor, email: string): AuditEvent => ({
    action: 'invitation.revoked',
    subject: email,
    summary: `${actor.name} revoked the invitation to ${email}`,
  }),
  joined: (member: AuditActor, role: OrgRole): AuditEvent => ({
    action: 'member.joined',
    subject: member.name,
    summary: `${member.name} joined as ${label(role)}`,
  }),
  roleChanged: (actor: AuditActor, memberName: string, from: OrgRole, to: OrgRole): AuditEvent => ({
    action: 'member.role_changed',
    subject: memberName,
    summary: `${actor.name} changed ${memberName}'s role from ${label(from)} to ${label(to)}`,
  }),
  removed: (actor: AuditActor, memberName: string): AuditEvent => ({
    action: 'member.removed',
    subject: memberName,
    summary: `${actor.name} removed ${memberName}`,
  }),
  left: (member: AuditActor): AuditEvent => ({
    action: 'member.left',
    subject: member.name,
    summary: `${member.name} left`,
  }),
  ownershipTransferred: (actor: AuditActor, memberName: string): AuditEvent => ({
    action: 'ownership.transferred',
    subject: memberName,
    summary: `${actor.name} transferred ownership to ${memberName}`,
  }),
  apiKeyCreated: (actor: AuditActor, key: AuditedApiKey): AuditEvent => ({
    action: 'api_key.created',
    subject: key.name,
    summary: `${actor.name} created the API key ${apiKeyLabel(key)}`,
  }),
  apiKeyRolled: (actor: AuditActor, key: AuditedApiKey, graceHours: number): AuditEvent => ({
    action: 'api_key.rolled',
    subject: key.name,
    summary:
      graceHours === 0
        ? `${actor.name} rolled the API key ${apiKeyLabel(key)}; the old key stopped working at once`
        : `${actor.name} rolled the API key ${apiKeyLabel(key)}; the old key works for ${graceHours} more ${graceHours === 1 ? 'hour' : 'hours'}`,
  }),
  apiKeyRevoked: (actor: AuditActor, key: AuditedApiKey): AuditEvent => ({
    action: 'api_key.revoked',
    subject: key.name,
    summary: `${actor.name} revoked the API key ${apiKeyLabel(key)}`,
  }),
};

/** Entries a page of the audit log holds. */
export const AUDIT_PAGE_SIZE = 50;

interface AuditRow {
  id: string;
  action: TeamAuditAction;
  actorName: string | null;
  subject: string;
  summary: string;
  at: Date;
  cursorAt: string;
}

/**
 * The organization's audit log (`organization_audit`): every change of its team writes one entry, in
 * the transaction of the change, so an entry exists exactly when the change does.
 */
@Injectable()
export class TeamAuditService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Writes the entry with the caller's transaction; `actor` is who acted (for a sign-up, the new member). */
  async record(
    manager: EntityManager,
    organizationId: string,
    actor: AuditActor,
    event: AuditEvent,
  ): Promise<void> {
    await manager.query(
      `INSERT INTO organization_audit (organization_id, actor_user_id, actor_name, action, subject, summary)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [organizationId, actor.id, actor.name, event.action, event.subject, event.summary],
    );
  }

  /** A page of the organization's log, newest first, after `after` (the previous page's last entry). */
  async page(organizationId: string, after: KeysetCursor | undefined): Promise<TeamAuditResponse> {
    const rows: AuditRow[] = await this.dataSource.query(
      `SELECT id, action, actor_name AS "actorName", subject, summary, at, ${keysetTimeText('at')} AS "cursorAt"
         FROM organization_audit
        WHERE organization_id = $1
          AND ($2::timestamptz IS NULL OR (at, id) < ($2::timestamptz, $3::uuid))
        ORDER BY at DESC, id DESC
        LIMIT $4`,
      [organizationId, after?.at ?? null, after?.id ?? null, AUDIT_PAGE_SIZE + 1],
    );
    const entries = rows.slice(0, AUDIT_PAGE_SIZE);
    const last = entries.at(-1);
    return {
      entries: entries.map((row): TeamAuditEntry => ({
        id: row.id,
        action: row.action,
        actorName: row.actorName,
        subject: row.subject,
        summary: row.summary,
        at: row.at.toISOString(),
      })),
      nextCursor:
        rows.length > AUDIT_PAGE_SIZE && last ? encodeKeysetCursor({ at: last.cursorAt, id: last.id }) : null,
    };
  }
}

import { z } from 'zod';
import { emailSchema, invitationTokenSchema } from './auth';
import { orgRoleSchema } from './role-schemas';
import type { OrgRole, Role } from './roles';
import { teamMessages } from './team-messages';

// Membership roles (ADR 0180) ---------------------------------------------------------------------

/**
 * The one place that maps membership roles to the spec's role names (spec section 6): the FAQ's
 * "account administrators" are `owner` (the one who signed the organization up, the spec's
 * `customer`) and `admin`; `billing` and `crm_manager` keep their spec names inside the customer's
 * organization; `member` is the spec's `user`.
 */
export const orgRoleSpecName: Record<OrgRole, Role> = {
  owner: 'customer',
  admin: 'admin',
  billing: 'billing',
  crm_manager: 'crm_manager',
  member: 'user',
};

export const orgRoleLabels: Record<OrgRole, string> = {
  owner: 'Owner',
  admin: 'Admin',
  billing: 'Billing',
  crm_manager: 'CRM manager',
  member: 'Member',
};

export const orgRoleDescriptions: Record<OrgRole, string> = {
  owner: 'Everything, including members and ownership',
  admin: 'Everything, including members',
  billing: 'Orders, invoices and checkout, plus support and KPIs',
  crm_manager: 'Integrations and their secrets, plus support and KPIs',
  member: 'Support tickets, and KPIs to read',
};

/** What a membership role allows; every service guards its routes with these names. */
export const orgPermissions = {
  /** Tickets of the organization: read, open, reply. */
  'tickets.use': ['owner', 'admin', 'billing', 'crm_manager', 'member'],
  'kpis.read': ['owner', 'admin', 'billing', 'crm_manager', 'member'],
  /** The team page itself (members, pending invitations, audit) and leaving. */
  'team.read': ['owner', 'admin', 'billing', 'crm_manager', 'member'],
  /** Invite, resend, revoke, change a role, remove a member. */
  'team.manage': ['owner', 'admin'],
  'ownership.transfer': ['owner'],
  'orders.read': ['owner', 'admin', 'billing'],
  'checkout.pay': ['owner', 'admin', 'billing'],
  'invoices.read': ['owner', 'admin', 'billing'],
  /** Integrations and their secrets, inbound events, the onboarding call. */
  'integrations.manage': ['owner', 'admin', 'crm_manager'],
  /** API keys and outbound webhooks (the public API). */
  'developers.manage': ['owner', 'admin', 'crm_manager'],
} as const satisfies Record<string, readonly OrgRole[]>;
export type OrgPermission = keyof typeof orgPermissions;

export const can = (role: OrgRole | null | undefined, permission: OrgPermission): boolean =>
  role != null && (orgPermissions[permission] as readonly OrgRole[]).includes(role);

const roleRank: Record<OrgRole, number> = { owner: 3, admin: 2, billing: 1, crm_manager: 1, member: 0 };

/**
 * Whether `actor` may give `target` to someone (invite with it, or change a member to it): only a
 * manager of the team, never above their own rank, and `owner` only by an owner (ownership moves
 * with a transfer or an owner's role change).
 */
export const canGrantRole = (actor: OrgRole | null | undefined, target: OrgRole): boolean =>
  can(actor, 'team.manage') && roleRank[target] <= roleRank[actor!];

/** The roles an invitation may carry (ownership is transferred, never invited). */
export const invitableRoles = ['admin', 'billing', 'crm_manager', 'member'] as const satisfies readonly OrgRole[];
export const invitableRoleSchema = z.enum(invitableRoles, { error: 'Choose a role' });

export const INVITATION_TTL_DAYS = 7;

// Token switch and organizations list ---------------------------------------------------------------

/** An organization the signed-in user belongs to, as the header's switcher lists them. */
export const myOrganizationSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  role: orgRoleSchema,
});
export type MyOrganization = z.infer<typeof myOrganizationSchema>;

/** `GET /api/organizations`: the caller's organizations, by name. */
export const myOrganizationsResponseSchema = z.object({ organizations: z.array(myOrganizationSchema) });
export type MyOrganizationsResponse = z.infer<typeof myOrganizationsResponseSchema>;

/**
 * `POST /api/auth/token`: a new access token for the caller's session, scoped to `organizationId`
 * (the switcher) or, without it, to the token's organization as it is now (after a role change; or
 * another of the caller's organizations, or none, after a removal). Answers a login response.
 */
export const tokenRequestSchema = z.strictObject({
  organizationId: z.uuid('Organization not found').optional(),
});
export type TokenRequest = z.infer<typeof tokenRequestSchema>;

/** `POST /api/organizations`: a new organization with the caller as its owner. */
export const createOrganizationRequestSchema = z.strictObject({
  name: z
    .string({ error: 'Organization name is required' })
    .trim()
    .min(1, 'Organization name is required')
    .max(200, 'Organization name must be at most 200 characters'),
});

// Members ------------------------------------------------------------------------------------------

export const teamMemberSchema = z.object({
  userId: z.uuid(),
  name: z.string(),
  email: z.string(),
  role: orgRoleSchema,
  joinedAt: z.iso.datetime(),
  /** The member's last sign-in or activity seen by identity; null when never seen. */
  lastActiveAt: z.iso.datetime().nullable(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

/** `GET /api/team/members`. */
export const teamMembersResponseSchema = z.object({ members: z.array(teamMemberSchema) });
export type TeamMembersResponse = z.infer<typeof teamMembersResponseSchema>;

/** `PATCH /api/team/members/:userId`. `DELETE` the same path removes the member. */
export const changeRoleRequestSchema = z.strictObject({ role: orgRoleSchema });
export type ChangeRoleRequest = z.infer<typeof changeRoleRequestSchema>;

/** `POST /api/team/transfer-ownership`: the target becomes owner, the caller admin. */
export const transferOwnershipRequestSchema = z.strictObject({ userId: z.uuid(teamMessages.notAMember) });
export type TransferOwnershipRequest = z.infer<typeof transferOwnershipRequestSchema>;

// `POST /api/team/leave` takes no body.

// Invitations --------------------------------------------------------------------------------------

export const invitationSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  role: invitableRoleSchema,
  invitedBy: z.string(),
  createdAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
});
export type Invitation = z.infer<typeof invitationSchema>;

/** `GET /api/team/invitations`: the pending ones (not accepted, revoked or expired). */
export const invitationsResponseSchema = z.object({ invitations: z.array(invitationSchema) });
export type InvitationsResponse = z.infer<typeof invitationsResponseSchema>;

/**
 * `POST /api/team/invitations` → 201 Invitation. `POST /api/team/invitations/:id/resend` sends a new
 * link (the old one stops working) valid 7 days from now; `DELETE /api/team/invitations/:id` revokes.
 */
export const createInvitationRequestSchema = z.strictObject({
  email: emailSchema,
  role: invitableRoleSchema,
});
export type CreateInvitationRequest = z.infer<typeof createInvitationRequestSchema>;

/** `POST /api/invitations/preview` (public): what the link's page shows before sign-in or sign-up. */
export const invitationPreviewRequestSchema = z.strictObject({ token: invitationTokenSchema });
export const invitationPreviewSchema = z.object({
  organizationName: z.string(),
  email: z.string(),
  role: invitableRoleSchema,
  invitedBy: z.string(),
  expiresAt: z.iso.datetime(),
  /** Whether an account exists for the email: the page offers sign-in, else sign-up. */
  hasAccount: z.boolean(),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

/**
 * `POST /api/invitations/accept` (signed in, the invited email's account): joins the organization and
 * answers a login response whose token is scoped to it. Sign-up joins with `invitation` on
 * `POST /api/auth/register` instead.
 */
export const acceptInvitationRequestSchema = z.strictObject({ token: invitationTokenSchema });

// Audit --------------------------------------------------------------------------------------------

export const teamAuditActions = [
  'member.invited',
  'invitation.resent',
  'invitation.revoked',
  'member.joined',
  'member.role_changed',
  'member.removed',
  'member.left',
  'ownership.transferred',
  /** The public API's keys (Developers page, ADR 0200). */
  'api_key.created',
  'api_key.rolled',
  'api_key.revoked',
] as const;
export const teamAuditActionSchema = z.enum(teamAuditActions);
export type TeamAuditAction = z.infer<typeof teamAuditActionSchema>;

export const teamAuditEntrySchema = z.object({
  id: z.uuid(),
  action: teamAuditActionSchema,
  /** Who acted (name at the time); null once their account is gone. */
  actorName: z.string().nullable(),
  /** Whom or what it was about: an email or a member's name. */
  subject: z.string(),
  /** A sentence for the page, e.g. "Ana Ruiz changed Bo Li's role from Member to Billing". */
  summary: z.string(),
  at: z.iso.datetime(),
});
export type TeamAuditEntry = z.infer<typeof teamAuditEntrySchema>;

/** `GET /api/team/audit?cursor=`: newest first, 50 a page. */
export const teamAuditResponseSchema = z.object({
  entries: z.array(teamAuditEntrySchema),
  nextCursor: z.string().nullable(),
});
export type TeamAuditResponse = z.infer<typeof teamAuditResponseSchema>;

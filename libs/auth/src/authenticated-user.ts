import type { OrgRole, Role } from '@portal/contracts';

/** `request.user` on a route behind `JwtAuthGuard`: who the access token speaks for. */
export interface AuthenticatedUser {
  /** User id (`sub`). */
  id: string;
  /** Server-side session (`sid`); sign-out revokes it. */
  sessionId: string;
  /** The login's platform role: staff or customer. */
  role: Role;
  /** `org`: the one organization the token acts in; null for staff and a customer outside any. */
  organizationId: string | null;
  /** `orgRole`: the member's role in `organizationId` (ADR 0180); null when there is none. */
  orgRole: OrgRole | null;
  /** `mv`: the membership's version when the token was issued (ADR 0181). */
  membershipVersion: number;
}

/** A member acting in their organization: what `@MemberCan` routes are handed. */
export type OrganizationMember = AuthenticatedUser & { organizationId: string; orgRole: OrgRole };

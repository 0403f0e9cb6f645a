import type { Role } from '@portal/contracts';

/** `request.user` on a route behind `JwtAuthGuard`: who the access token speaks for. */
export interface AuthenticatedUser {
  /** User id (`sub`). */
  id: string;
  /** Server-side session (`sid`); sign-out revokes it. */
  sessionId: string;
  role: Role;
  /** `org`; null for a user outside any organization. */
  organizationId: string | null;
}

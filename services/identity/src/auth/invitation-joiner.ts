import type { EntityManager } from 'typeorm';

/** The account a sign-up just wrote, as the joiner sees it. */
export interface SignedUpUser {
  id: string;
  name: string;
  email: string;
}

/**
 * Sign-up from an invitation link (`POST /api/auth/register` with `invitation`): instead of an
 * organization of its own, the new account joins the invitation's. The team feature binds it
 * (`{ provide: INVITATION_JOINER, useExisting: … }`); AuthService looks it up at start.
 */
export interface InvitationJoiner {
  /**
   * Inside the sign-up transaction, after the account exists (no organization yet): checks the
   * invitation of `token` (pending, unexpired, sent to this account's email), makes the account a
   * member with the invitation's role, marks the invitation accepted and writes the audit entry.
   * Answers the organization joined; throws a 4xx (teamMessages) when the invitation does not hold,
   * which rolls the whole sign-up back.
   */
  joinOnSignUp(manager: EntityManager, user: SignedUpUser, token: string): Promise<string>;
}

export const INVITATION_JOINER = Symbol('INVITATION_JOINER');

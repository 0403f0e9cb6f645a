import type { AuthenticatedUser } from './authenticated-user';

/**
 * A service's own check of a verified token's session, run after the signature, claims and
 * revocation checks (identity looks the session up in its table). Bind it anywhere in the app:
 * `{ provide: SESSION_CHECK, useExisting: SessionsService }`. False answers 401.
 */
export interface SessionCheck {
  isSessionActive(user: AuthenticatedUser): boolean | Promise<boolean>;
}

export const SESSION_CHECK = Symbol('SESSION_CHECK');

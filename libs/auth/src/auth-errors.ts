import { type ApiKeyScope, apiKeyMessages } from '@portal/contracts';

/** What the guards answer; the front end treats any 401 as "signed out". */
export const authMessages = {
  missingToken: 'Authentication required',
  invalidToken: 'Invalid or expired token',
  sessionEnded: 'Your session has ended. Please sign in again.',
  forbidden: 'You do not have permission to do this',
  unavailable: 'Sign-in cannot be checked right now. Please try again shortly.',
} as const;

/**
 * identity's JWKS has not been read once since start-up (unreachable, an error answer, no usable
 * key): the token may well be valid, so the request answers 503, not 401. Once a key set was read,
 * it keeps answering (JwksKeyStore) and this is never raised again.
 */
export class JwksUnavailableError extends Error {
  constructor(cause: Error) {
    super(`The JWKS could not be read: ${cause.message}`, { cause });
    this.name = 'JwksUnavailableError';
  }
}

/** What `ApiKeyGuard` answers on /v1 (the routes' exception filter puts it in the API's error shape). */
export const apiKeyAuthMessages = {
  invalidKey: apiKeyMessages.invalidKey,
  missingScope: (scope: ApiKeyScope) =>
    `This API key does not have the ${scope} scope, which this request needs.`,
} as const;

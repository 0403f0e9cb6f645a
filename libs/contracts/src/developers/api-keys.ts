import { z } from 'zod';
import { ACCESS_TOKEN_ALGORITHM, ACCESS_TOKEN_ISSUER } from '../identity/auth';
import { requiredText } from '../text';

// API keys of the public API (/v1): created, rolled and revoked in the dashboard's Developers page by
// the roles that may `developers.manage`; held by identity, checked by the gateway.

/** What a key may do; a key acts for its organization and never beyond its scopes. */
export const apiKeyScopes = ['tickets:read', 'tickets:write', 'agents:read', 'webhooks:manage'] as const;
export const apiKeyScopeSchema = z.enum(apiKeyScopes, {
  error: `Scope must be one of ${apiKeyScopes.join(', ')}`,
});
export type ApiKeyScope = z.infer<typeof apiKeyScopeSchema>;

export const apiKeyScopeDescriptions: Record<ApiKeyScope, string> = {
  'tickets:read': 'Read tickets (GET /v1/tickets)',
  'tickets:write': 'Create tickets (POST /v1/tickets)',
  'agents:read': 'List the agents on the account (GET /v1/agents)',
  'webhooks:manage': 'Manage webhook endpoints',
};

/** Every key starts with this; the rest is 40 random base62 characters. */
export const API_KEY_PREFIX = 'mcx_live_';
export const API_KEY_SECRET_LENGTH = 40;
/** How much of a key the dashboard shows after creation (`mcx_live_` and the first 6 characters). */
export const API_KEY_VISIBLE_LENGTH = API_KEY_PREFIX.length + 6;
export const apiKeyTextPattern = new RegExp(`^${API_KEY_PREFIX}[A-Za-z0-9]{${API_KEY_SECRET_LENGTH}}$`);

export const API_KEY_NAME_MAX_LENGTH = 80;
/** An organization holds at most this many keys that are not revoked or expired. */
export const API_KEYS_PER_ORGANIZATION = 50;

/** Grace periods offered when a key is rolled: how long the old key keeps working (hours). */
export const apiKeyGraceHours = [0, 1, 24, 72, 168] as const;

export const apiKeyMessages = {
  nameRequired: 'Name is required',
  scopesRequired: 'Choose at least one scope',
  scopesRepeated: 'Each scope may be chosen once',
  graceInvalid: `Grace period must be one of ${apiKeyGraceHours.join(', ')} hours`,
  keyNotFound: 'API key not found',
  keyNotActive: 'This API key is revoked or expired',
  keyAlreadyRolled: 'This API key was already rolled. Roll the key that replaced it instead.',
  tooManyKeys: `An organization can hold at most ${API_KEYS_PER_ORGANIZATION} active API keys. Revoke one first.`,
  invalidKey: 'The API key is missing, malformed, revoked or expired.',
} as const;

/** `POST /api/developers/keys`. */
export const createApiKeyRequestSchema = z.strictObject({
  name: requiredText(apiKeyMessages.nameRequired, API_KEY_NAME_MAX_LENGTH),
  scopes: z
    .array(apiKeyScopeSchema, { error: apiKeyMessages.scopesRequired })
    .min(1, apiKeyMessages.scopesRequired)
    .max(apiKeyScopes.length)
    .refine((scopes) => new Set(scopes).size === scopes.length, apiKeyMessages.scopesRepeated),
});
export type CreateApiKeyRequest = z.input<typeof createApiKeyRequestSchema>;

/** `POST /api/developers/keys/:id/roll`: a new key with the same name and scopes; the old one ends after the grace. */
export const rollApiKeyRequestSchema = z.strictObject({
  graceHours: z.union(
    apiKeyGraceHours.map((hours) => z.literal(hours)),
    { error: apiKeyMessages.graceInvalid },
  ),
});
export type RollApiKeyRequest = z.input<typeof rollApiKeyRequestSchema>;

/** `active`; `expiring` (rolled, working until `expiresAt`); `expired`; `revoked`. */
export const apiKeyStatusSchema = z.enum(['active', 'expiring', 'expired', 'revoked']);
export type ApiKeyStatus = z.infer<typeof apiKeyStatusSchema>;

/** A key as the dashboard lists it: never its secret, only its visible prefix. */
export const apiKeySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** `mcx_live_` and the first characters of the secret, to tell keys apart. */
  prefix: z.string(),
  scopes: z.array(apiKeyScopeSchema),
  status: apiKeyStatusSchema,
  createdAt: z.iso.datetime(),
  createdBy: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  lastUsedAt: z.iso.datetime().nullable(),
  /** When a rolled key stops working. */
  expiresAt: z.iso.datetime().nullable(),
  revokedAt: z.iso.datetime().nullable(),
  /** The key this one replaced when it was rolled. */
  rolledFromId: z.uuid().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;
export const apiKeyListResponseSchema = z.array(apiKeySchema);

/** `POST /api/developers/keys` → 201, and the new key of a roll: the key itself, shown this once only. */
export const createdApiKeySchema = apiKeySchema.extend({ key: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

/** `POST /api/developers/keys/:id/roll` → 201. */
export const rollApiKeyResponseSchema = z.object({ key: createdApiKeySchema, previous: apiKeySchema });
export type RollApiKeyResponse = z.infer<typeof rollApiKeyResponseSchema>;

// The gateway's exchange with identity (service to service, never routed from outside) ------------

/** `POST /internal/api-keys/exchange` on identity: the key a /v1 request carries. */
export const apiKeyExchangeRequestSchema = z.strictObject({ key: z.string().max(200) });

/** The API token identity mints for a key, and what the gateway may keep of it. */
export const apiKeyExchangeResponseSchema = z.object({
  keyId: z.uuid(),
  organizationId: z.uuid(),
  scopes: z.array(apiKeyScopeSchema),
  /** When the key itself stops working (a rolled key), else null. */
  keyExpiresAt: z.iso.datetime().nullable(),
  /** A short-lived ES256 token (audience `portal-api`) the gateway forwards to the services. */
  token: z.string(),
  tokenExpiresAt: z.iso.datetime(),
});
export type ApiKeyExchangeResponse = z.infer<typeof apiKeyExchangeResponseSchema>;

export const API_ACCESS_TOKEN_AUDIENCE = 'portal-api';
export const API_ACCESS_TOKEN_LIFETIME_SECONDS = 5 * 60;

/** Claims of the API token: the key (`sub`), its organization, scopes, and the member who created it. */
export const apiAccessTokenClaimsSchema = z.object({
  sub: z.uuid(),
  org: z.uuid(),
  scp: z.array(apiKeyScopeSchema),
  /** The member who created the key: tickets opened with it are theirs to be mailed about. */
  usr: z.uuid(),
  iss: z.literal(ACCESS_TOKEN_ISSUER),
  aud: z.literal(API_ACCESS_TOKEN_AUDIENCE),
  iat: z.number().int(),
  exp: z.number().int(),
});
export type ApiAccessTokenClaims = z.infer<typeof apiAccessTokenClaimsSchema>;
export const API_ACCESS_TOKEN_ALGORITHM = ACCESS_TOKEN_ALGORITHM;

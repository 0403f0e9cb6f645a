export { AuthModule } from './auth.module';
export { type AuthOptions, DEFAULT_MAX_TOKEN_LIFETIME_SECONDS, identityJwksUrl } from './auth-options';
export { type AuthenticatedUser, type OrganizationMember } from './authenticated-user';
export { apiKeyAuthMessages, authMessages } from './auth-errors';
export { type ApiCaller } from './api-caller';
export { ApiKeyGuard, ApiScopeMissingException, ApiScopes, CurrentApiCaller } from './api-key.guard';
export { type BearerCredentials, bearerToken, parseBearer } from './bearer-token';
export { JwtAuthGuard } from './jwt-auth.guard';
export {
  assertMemberCan,
  CustomerOnly,
  MemberCan,
  MemberPermissionGuard,
  Roles,
  RolesGuard,
  StaffOnly,
} from './roles';
export { CurrentUser } from './current-user.decorator';
export { type RevocationFeedStatus, SessionRevocations } from './session-revocations';
export { type MembershipChange, MembershipVersions, type TokenMembership } from './membership-versions';
export { SESSION_CHECK, type SessionCheck } from './session-check';
export { VerifiedTokens } from './verified-tokens';
export {
  ENCRYPTION_KEY_BYTES,
  parseEncryptionKey,
  SecretBox,
  SecretDecryptionError,
} from './secrets/secret-box';
export { encryptionKeyVar } from './secrets/encryption-key-var';

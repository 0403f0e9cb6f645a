import { randomBytes } from 'node:crypto';
import type { SecretBox } from '@portal/auth';

export type IntegrationSecretColumn = 'access_token' | 'refresh_token' | 'signing_secret';

/** Binds a sealed value to its row and column: moved anywhere else it does not open. */
export const integrationSecretContext = (integrationId: string, column: IntegrationSecretColumn) =>
  `integrations:${integrationId}:${column}`;

/** A fresh secret for signing inbound events: `pcs_` and 32 random bytes, base64url. */
export const newSigningSecret = () => `pcs_${randomBytes(32).toString('base64url')}`;

export interface IntegrationSecrets {
  apiKey: string;
  refreshToken?: string | null;
  signingSecret: string;
}

/** The secret columns of integration `integrationId`, sealed for the database. */
export function sealIntegrationSecrets(
  box: SecretBox,
  integrationId: string,
  secrets: IntegrationSecrets,
): { accessToken: string; refreshToken: string | null; signingSecret: string } {
  const seal = (value: string, column: IntegrationSecretColumn) =>
    box.encrypt(value, integrationSecretContext(integrationId, column));
  return {
    accessToken: seal(secrets.apiKey, 'access_token'),
    refreshToken: secrets.refreshToken ? seal(secrets.refreshToken, 'refresh_token') : null,
    signingSecret: seal(secrets.signingSecret, 'signing_secret'),
  };
}

export function sealSigningSecret(box: SecretBox, integrationId: string, secret: string): string {
  return box.encrypt(secret, integrationSecretContext(integrationId, 'signing_secret'));
}

export function openSigningSecret(box: SecretBox, integrationId: string, sealed: string): string {
  return box.decrypt(sealed, integrationSecretContext(integrationId, 'signing_secret'));
}

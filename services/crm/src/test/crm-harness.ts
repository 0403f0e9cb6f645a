import { randomBytes } from 'node:crypto';
import {
  type ServiceHarness,
  startServiceHarness,
  startWithTestIdentity,
  type WithSignIn,
} from '@portal/testing';
import { type AppConfig, AppModule } from '../app.module';
import type { ApplicationLimits, LeadLimits } from '../config';
import { crmEntities } from '../database';
import { crmMigrations } from '../migrations';
import { SecretBox } from '@portal/auth';

/** The harness' PUBLIC_SITE_URL: integrations' inbound URLs are on it. */
export const testSiteUrl = 'https://portal.example.com';

export type CrmHarness = WithSignIn<
  ServiceHarness & {
    /** Opens what the service sealed: the key the service runs with. */
    secrets: SecretBox;
  }
>;

/**
 * crm on a throwaway database, migrated, listening on a random port, verifying tokens against a
 * JWKS of a test key (as identity publishes it) and sealing secrets with a random key.
 */
export function startCrm(
  options: {
    natsUrl?: string;
    limits?: Partial<LeadLimits>;
    applicationLimits?: ApplicationLimits;
    /** Runs the mailer: how it sends, and the test's own stream it reads requested mails from. */
    mail?: Required<Pick<AppConfig, 'mail' | 'mailEvents'>>;
    /** Erases deleted accounts read from the test's own stream (see `startTestEventSpace`). */
    accountEvents?: AppConfig['accountEvents'];
    /** Outbound webhooks: settings (private targets allowed for a local receiver), clock, resolver. */
    webhooks?: Pick<AppConfig, 'webhooks' | 'webhookSchedule' | 'webhookResolve'>;
  } = {},
): Promise<CrmHarness> {
  const limits: LeadLimits = {
    contactPer10Minutes: 1000,
    contactPerEmailPer10Minutes: 1000,
    newsletterPer10Minutes: 1000,
    ...options.limits,
  };
  const applicationLimits = options.applicationLimits ?? { perAddressPerHour: 1000, perEmailPerHour: 1000 };
  const encryptionKey = randomBytes(32);
  return startWithTestIdentity('crm-test', async (identity) => ({
    ...(await startServiceHarness({
      name: 'crm',
      createModule: (config) =>
        AppModule.forRoot({
          ...config,
          identityUrl: identity.baseUrl,
          encryptionKey,
          publicSiteUrl: testSiteUrl,
          limits,
          applicationLimits,
          ...options.mail,
          ...(options.accountEvents && { accountEvents: options.accountEvents }),
          ...options.webhooks,
        }),
      migrations: crmMigrations,
      entities: crmEntities,
      natsUrl: options.natsUrl,
    })),
    secrets: new SecretBox(encryptionKey),
  }));
}

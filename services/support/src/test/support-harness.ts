import {
  type ServiceHarness,
  type SignedInUser,
  startServiceHarness,
  startWithTestIdentity,
  type TestEventsOptions,
  type WithSignIn,
} from '@portal/testing';
import { AppModule } from '../app.module';
import { supportEntities } from '../database';
import { supportMigrations } from '../migrations';

export type Customer = SignedInUser;

export type SupportStack = WithSignIn<{ service: ServiceHarness; close(): Promise<void> }>;

/**
 * support on a throwaway database, migrated, verifying tokens against a test identity's JWKS. Events
 * wait in the outbox (no NATS unless `natsUrl` is given). Customers may open 1000 tickets an hour
 * unless `ticketLimitPerHour` says otherwise, so the limit only bites where it is tested. With
 * `events`, it consumes account events from that test stream (see `startTestEventSpace`).
 */
export function startSupport(
  options: {
    natsUrl?: string;
    ticketLimitPerHour?: number;
    events?: TestEventsOptions;
    /** Seconds a live chat waits for a staffer before it becomes a ticket (default 120). */
    chatWaitSeconds?: number;
  } = {},
): Promise<SupportStack> {
  const { ticketLimitPerHour = 1000 } = options;
  return startWithTestIdentity('support-test', async (identity) => {
    const service = await startServiceHarness({
      name: 'support',
      createModule: (config) =>
        AppModule.forRoot({
          ...config,
          identityUrl: identity.baseUrl,
          ticketLimitPerHour,
          allowPrivateCallbackUrls: false,
          publicSiteUrl: 'http://localhost:8080',
          ...(options.events && { events: options.events }),
          ...(options.chatWaitSeconds !== undefined && { chatWaitSeconds: options.chatWaitSeconds }),
        }),
      migrations: supportMigrations,
      entities: supportEntities,
      natsUrl: options.natsUrl,
    });
    return { service, close: () => service.close() };
  });
}

import { SecretBox } from '@portal/auth';
import { type ConsumedEventsOptions, consumedEventsProvider } from '@portal/events';
import { serviceRootModule } from '@portal/service-kit';
import { AccountModule } from './account/account.module';
import { AuthModule } from './auth/auth.module';
import { IDENTITY_CONFIG, type IdentityConfig } from './config';
import { identityDatabase } from './database';
import { DevelopersModule } from './developers/developers.module';
import { FeaturesModule } from './features/features.module';
import { NotificationsModule } from './notifications/notifications.module';
import { OrganizationsModule } from './organizations/organizations.module';
import { PersonalDataModule } from './personal-data/personal-data.module';
import { StaffCustomersModule } from './staff-customers/staff-customers.module';
import { TeamModule } from './team/team.module';
import { TwoFactorModule } from './two-factor/two-factor.module';

// No identityUrl: identity verifies the tokens it signs itself (./auth).
export type AppConfig = Pick<IdentityConfig, 'databaseUrl' | 'natsUrl' | 'auth' | 'encryptionKey'> & {
  /** Where ticket events are read from (ticket emails); default: the stream `PORTAL` at `natsUrl`. */
  ticketEvents?: Omit<ConsumedEventsOptions, 'databaseUrl'>;
};

export const AppModule = serviceRootModule<AppConfig>('identity', {
  configToken: IDENTITY_CONFIG,
  database: identityDatabase,
  features: [
    FeaturesModule,
    OrganizationsModule,
    AuthModule,
    AccountModule,
    TwoFactorModule,
    PersonalDataModule,
    TeamModule,
    StaffCustomersModule,
    NotificationsModule,
    DevelopersModule,
  ],
  // Seals two-factor secrets at rest with IDENTITY_ENCRYPTION_KEY.
  provide: (config) => [
    { provide: SecretBox, useValue: new SecretBox(config.encryptionKey) },
    consumedEventsProvider(config, config.ticketEvents),
  ],
});

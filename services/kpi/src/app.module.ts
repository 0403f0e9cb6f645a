import { type ConsumedEventsOptions, consumedEventsProvider } from '@portal/events';
import { serviceRootModule } from '@portal/service-kit';
import { AccountModule } from './account/account.module';
import { CLOCK, type Clock, systemClock } from './clock';
import { KPI_CONFIG, type KpiConfig } from './config';
import { kpiDatabase } from './database';
import { MetricsModule } from './metrics/metrics.module';

export type AppConfig = Pick<KpiConfig, 'databaseUrl' | 'natsUrl' | 'identityUrl'> & {
  /** Where metrics come from; default: the stream `PORTAL` at `natsUrl`. */
  events?: Omit<ConsumedEventsOptions, 'databaseUrl'>;
  clock?: Clock;
};

export const AppModule = serviceRootModule<AppConfig>('kpi', {
  configToken: KPI_CONFIG,
  database: kpiDatabase,
  features: [MetricsModule, AccountModule],
  provide: (config) => [
    consumedEventsProvider(config, config.events),
    { provide: CLOCK, useValue: config.clock ?? systemClock },
  ],
});

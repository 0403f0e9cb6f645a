import { serviceRootModule } from '@portal/service-kit';
import { AccountModule } from './account/account.module';
import { CLOCK, type Clock, systemClock } from './clock';
import { KPI_CONFIG, type KpiConfig } from './config';
import { kpiDatabase } from './database';
import { KPI_EVENTS_OPTIONS, type KpiEventsOptions } from './events/kpi-consumers';
import { MetricsModule } from './metrics/metrics.module';

export type AppConfig = Pick<KpiConfig, 'databaseUrl' | 'natsUrl' | 'identityUrl'> & {
  /** Where metrics come from; default: the stream `PORTAL` at `natsUrl`. */
  events?: Omit<KpiEventsOptions, 'databaseUrl'>;
  clock?: Clock;
};

export const AppModule = serviceRootModule<AppConfig>('kpi', {
  configToken: KPI_CONFIG,
  database: kpiDatabase,
  features: [MetricsModule, AccountModule],
  provide: (config) => [
    {
      provide: KPI_EVENTS_OPTIONS,
      useValue: {
        databaseUrl: config.databaseUrl,
        ...(config.events ?? { natsUrl: config.natsUrl }),
      } satisfies KpiEventsOptions,
    },
    { provide: CLOCK, useValue: config.clock ?? systemClock },
  ],
});

import { type DynamicModule, Module } from '@nestjs/common';
import { serviceModule } from '@portal/service-kit';
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

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    const events: KpiEventsOptions = {
      databaseUrl: config.databaseUrl,
      ...(config.events ?? { natsUrl: config.natsUrl }),
    };
    return serviceModule(AppModule, {
      name: 'kpi',
      config,
      configToken: KPI_CONFIG,
      database: kpiDatabase,
      features: [MetricsModule],
      provide: [
        { provide: KPI_EVENTS_OPTIONS, useValue: events },
        { provide: CLOCK, useValue: config.clock ?? systemClock },
      ],
    });
  }
}

import { type DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule, identityJwksUrl } from '@portal/auth';
import { serviceDataSourceOptions } from '@portal/db';
import { OutboxRelayModule, ServiceHealthModule } from '@portal/events';
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
    return {
      module: AppModule,
      global: true,
      imports: [
        TypeOrmModule.forRoot(serviceDataSourceOptions(kpiDatabase(config.databaseUrl))),
        OutboxRelayModule.forRoot({ natsUrl: config.natsUrl, name: 'kpi-outbox' }),
        AuthModule.forRoot({ jwksUrl: identityJwksUrl(config.identityUrl), natsUrl: config.natsUrl }),
        ServiceHealthModule,
        MetricsModule,
      ],
      providers: [
        { provide: KPI_CONFIG, useValue: config },
        { provide: KPI_EVENTS_OPTIONS, useValue: events },
        { provide: CLOCK, useValue: config.clock ?? systemClock },
      ],
      exports: [KPI_CONFIG, KPI_EVENTS_OPTIONS, CLOCK],
    };
  }
}

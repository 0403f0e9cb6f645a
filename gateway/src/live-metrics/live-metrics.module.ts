import { type DynamicModule, Module } from '@nestjs/common';
import { LIVE_METRICS_OPTIONS, type LiveMetricsOptions, MetricFeed } from './metric-feed';
import { MetricStreamController } from './metric-stream.controller';

/**
 * The dashboard's live KPI stream (`GET /api/kpi/stream`), fed by kpi's announcements on NATS; its
 * streams are counted by `LiveStreamsModule`'s `OpenStreams`.
 */
@Module({})
export class LiveMetricsModule {
  static forRoot(options: LiveMetricsOptions): DynamicModule {
    return {
      module: LiveMetricsModule,
      controllers: [MetricStreamController],
      providers: [{ provide: LIVE_METRICS_OPTIONS, useValue: options }, MetricFeed],
      exports: [MetricFeed],
    };
  }
}

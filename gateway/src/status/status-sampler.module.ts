import { type DynamicModule, Module } from '@nestjs/common';
import { STATUS_SAMPLER_OPTIONS, StatusSampler, type StatusSamplerOptions } from './status-sampler';

/** The status page's sampler (ADR 0235): the gateway, which reaches every service, measures them. */
@Module({})
export class StatusSamplerModule {
  static forRoot(options: StatusSamplerOptions): DynamicModule {
    return {
      module: StatusSamplerModule,
      providers: [{ provide: STATUS_SAMPLER_OPTIONS, useValue: options }, StatusSampler],
      exports: [StatusSampler],
    };
  }
}

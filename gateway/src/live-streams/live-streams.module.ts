import { type DynamicModule, Module } from '@nestjs/common';
import { LIVE_STREAMS_OPTIONS, type LiveStreamsOptions, OpenStreams } from './open-streams';

/** The one count of a user's open live streams (every kind), shared by the stream modules. */
@Module({})
export class LiveStreamsModule {
  static forRoot(options: LiveStreamsOptions): DynamicModule {
    return {
      module: LiveStreamsModule,
      global: true,
      providers: [{ provide: LIVE_STREAMS_OPTIONS, useValue: options }, OpenStreams],
      exports: [OpenStreams],
    };
  }
}

import { type DynamicModule, Module } from '@nestjs/common';
import { LIVE_TICKETS_OPTIONS, type LiveTicketsOptions, TicketFeed } from './ticket-feed';
import { TicketStreamController } from './ticket-stream.controller';

/**
 * Live ticket updates (`GET /api/support/stream`, `GET /api/support/staff/stream`), fed by support's
 * `portal.tickets.*` events on NATS; streams counted by `LiveStreamsModule`'s `OpenStreams`.
 */
@Module({})
export class LiveTicketsModule {
  static forRoot(options: LiveTicketsOptions): DynamicModule {
    return {
      module: LiveTicketsModule,
      controllers: [TicketStreamController],
      providers: [{ provide: LIVE_TICKETS_OPTIONS, useValue: options }, TicketFeed],
      exports: [TicketFeed],
    };
  }
}

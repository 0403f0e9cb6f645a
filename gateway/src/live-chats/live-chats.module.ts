import { type DynamicModule, Module } from '@nestjs/common';
import { ChatFeed, LIVE_CHATS_OPTIONS, type LiveChatsOptions } from './chat-feed';
import { ChatStreamController } from './chat-stream.controller';

/**
 * Live chat streams (`GET /api/support/chats/stream`, `GET /api/support/staff/chats/stream`), fed by
 * support's chat signals on core NATS (ADR 0236); streams counted by `LiveStreamsModule`'s `OpenStreams`.
 */
@Module({})
export class LiveChatsModule {
  static forRoot(options: LiveChatsOptions): DynamicModule {
    return {
      module: LiveChatsModule,
      controllers: [ChatStreamController],
      providers: [{ provide: LIVE_CHATS_OPTIONS, useValue: options }, ChatFeed],
      exports: [ChatFeed],
    };
  }
}

import { Module, type DynamicModule } from '@nestjs/common';
import { AuthModule, identityJwksUrl } from '@portal/auth';
import { CHAT_SIGNAL_SUBJECT, subjects } from '@portal/contracts';
import { ProbesModule } from '@portal/nest-http';
import { ConfigModule } from './config/config.module';
import type { GatewayConfig } from './config/env';
import { HealthModule } from './health/health.module';
import { LiveChatsModule } from './live-chats/live-chats.module';
import { LiveMetricsModule } from './live-metrics/live-metrics.module';
import { LiveStreamsModule } from './live-streams/live-streams.module';
import { LiveTicketsModule } from './live-tickets/live-tickets.module';
import { PublicApiModule } from './public-api/public-api.module';
import { StatusSamplerModule } from './status/status-sampler.module';
import { v1RateLimitPolicy } from './public-api/public-api.plugin';
import type { RateLimitPolicy } from './public-api/rate-limit/rate-limiter';

export interface AppModuleOptions {
  /** Subject of kpi's metric announcements; default `portal.metrics.recorded`. */
  liveMetricsSubject?: string;
  /** Subjects of support's ticket events; default `portal.tickets.*`. */
  liveTicketSubjects?: string;
  /** Subject of support's live chat signals; default `live.chat.signals` (ADR 0236). */
  liveChatSubject?: string;
  /** The /v1 rate limit; default 1,000 requests per key in any hour; null counts nothing (benchmark baseline). */
  v1RateLimit?: RateLimitPolicy | null;
  /** Subject of identity's API key revocations and rolls; default `portal.apikeys.changed`. */
  apiKeyChangesSubject?: string;
  /** Namespace of the /v1 counts in Redis (tests keep theirs apart). */
  rateLimitRedisPrefix?: string;
  /** Subject of the status page's samples; default `portal.status.sampled`; null takes none (ADR 0235). */
  statusSampleSubject?: string | null;
}

/** `portal.tickets.*`: every ticket event of the catalog (created, replied, closed, …). */
const ticketSubjects = subjects.ticketReplied.replace(/\.[^.]+$/, '.*');

@Module({})
export class AppModule {
  static forRoot(config: GatewayConfig, options: AppModuleOptions = {}): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        ProbesModule,
        HealthModule,
        // Only the gateway's own routes (the live streams) check tokens here; /api/* proxies leave it to each service.
        AuthModule.forRoot({
          jwksUrl: identityJwksUrl(config.upstreams.identity.urls[0]),
          natsUrl: config.natsUrl,
        }),
        LiveStreamsModule.forRoot({ maxStreamsPerUser: config.liveStreamsPerUser }),
        LiveMetricsModule.forRoot({
          natsUrl: config.natsUrl,
          subject: options.liveMetricsSubject ?? subjects.metricRecorded,
        }),
        LiveTicketsModule.forRoot({
          natsUrl: config.natsUrl,
          subjects: options.liveTicketSubjects ?? ticketSubjects,
        }),
        LiveChatsModule.forRoot({
          natsUrl: config.natsUrl,
          subject: options.liveChatSubject ?? CHAT_SIGNAL_SUBJECT,
        }),
        PublicApiModule.forRoot({
          config,
          policy: options.v1RateLimit === undefined ? v1RateLimitPolicy : options.v1RateLimit,
          keyChangesSubject: options.apiKeyChangesSubject ?? subjects.apiKeyChanged,
          redisKeyPrefix: options.rateLimitRedisPrefix,
        }),
        StatusSamplerModule.forRoot({
          natsUrl: options.statusSampleSubject === null ? undefined : config.natsUrl,
          subject: options.statusSampleSubject ?? subjects.statusSampled,
        }),
      ],
    };
  }
}

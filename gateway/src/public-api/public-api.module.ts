import {
  Inject,
  Injectable,
  Logger,
  Module,
  type DynamicModule,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { apiKeyChangedDataSchema, eventEnvelopeSchema } from '@portal/contracts';
import type { GatewayConfig } from '../config/env';
import { SubjectFollower } from '../live-streams/subject-follower';
import { ApiKeyGrants } from './api-key-grants';
import { MemoryRateLimiter } from './rate-limit/memory-rate-limiter';
import { PostgresRateLimiter } from './rate-limit/postgres-rate-limiter';
import type { RateLimiter, RateLimitPolicy } from './rate-limit/rate-limiter';
import { RedisRateLimiter } from './rate-limit/redis-rate-limiter';

export const RATE_LIMITER = Symbol('RATE_LIMITER');
const PUBLIC_API_OPTIONS = Symbol('PUBLIC_API_OPTIONS');

export interface PublicApiModuleOptions {
  config: GatewayConfig;
  /** null: nothing is counted (the /v1 benchmark's baseline only; never from the environment). */
  policy: RateLimitPolicy | null;
  /** Subject of identity's revocations and rolls; default `portal.apikeys.changed`. */
  keyChangesSubject: string;
  /** Namespace of the Redis counts (tests keep theirs apart). */
  redisKeyPrefix?: string;
}

/** Redis when configured, else the gateway's database, else this process's memory (one process only). */
function rateLimiterFor(options: PublicApiModuleOptions, logger: Logger): RateLimiter | null {
  const { config, policy, redisKeyPrefix } = options;
  if (!policy) return null;
  if (config.redisUrl) return new RedisRateLimiter(config.redisUrl, policy, redisKeyPrefix);
  if (config.databaseUrl) return new PostgresRateLimiter(config.databaseUrl, policy);
  if (config.workers > 1) {
    logger.warn(
      'Neither REDIS_URL nor DATABASE_URL is set: each gateway worker counts /v1 requests on its own',
    );
  }
  return new MemoryRateLimiter(policy);
}

/**
 * Forgets a key's grant when identity announces it revoked or rolled (`portal.apikeys.changed`), in
 * every gateway process: a plain subscription, since a grant lives a minute at most anyway.
 */
@Injectable()
class ApiKeyChanges implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('ApiKeyChanges');
  private follower?: SubjectFollower;

  constructor(
    @Inject(PUBLIC_API_OPTIONS) private readonly options: PublicApiModuleOptions,
    private readonly grants: ApiKeyGrants,
    @Inject(RATE_LIMITER) private readonly limiter: RateLimiter | null,
  ) {}

  onApplicationBootstrap(): void {
    const natsUrl = this.options.config.natsUrl;
    if (!natsUrl) return;
    this.follower = new SubjectFollower(
      { natsUrl, name: 'gateway-api-keys', subject: this.options.keyChangesSubject, logger: this.logger },
      (text) => this.forget(text),
    );
  }

  async onApplicationShutdown(): Promise<void> {
    await this.follower?.stop();
    await this.limiter?.close();
  }

  private forget(text: string): void {
    try {
      const envelope = eventEnvelopeSchema.parse(JSON.parse(text));
      this.grants.forget(apiKeyChangedDataSchema.parse(envelope.data).keyId);
    } catch (error) {
      this.logger.warn(`ignored an API key change that could not be read: ${(error as Error).message}`);
    }
  }
}

@Module({})
export class PublicApiModule {
  static forRoot(options: PublicApiModuleOptions): DynamicModule {
    return {
      module: PublicApiModule,
      providers: [
        { provide: PUBLIC_API_OPTIONS, useValue: options },
        {
          provide: ApiKeyGrants,
          useFactory: () => new ApiKeyGrants({ identityUrl: options.config.upstreams.identity.urls[0] }),
        },
        { provide: RATE_LIMITER, useFactory: () => rateLimiterFor(options, new Logger('RateLimiter')) },
        ApiKeyChanges,
      ],
      exports: [ApiKeyGrants, RATE_LIMITER],
    };
  }
}

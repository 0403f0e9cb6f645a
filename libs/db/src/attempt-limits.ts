import type { OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { minutesText, TooManyRequestsException } from '@portal/nest-http';
import type { DataSource } from 'typeorm';
import {
  type Attempt,
  AttemptCounter,
  type AttemptLimit,
  pruneAttemptsEvery,
  type PruningLogger,
} from './attempts';

const DAY_SECONDS = 24 * 60 * 60;
const TEN_MINUTES_MS = 10 * 60 * 1000;

/**
 * A service's limits on attempts of kinds `K`, counted by an `AttemptCounter` so every replica
 * enforces the same numbers. An attempt over its limit is refused with a 429 that says when to try
 * again; while the application runs, counts older than a day are pruned every ten minutes.
 */
export abstract class AttemptLimits<K extends string>
  implements OnApplicationBootstrap, OnApplicationShutdown
{
  private readonly attempts: AttemptCounter<K>;
  private stopPruning?: () => void;

  protected constructor(
    dataSource: DataSource,
    table: string,
    private readonly logger: PruningLogger,
  ) {
    this.attempts = new AttemptCounter(dataSource, table);
  }

  /** Counts the attempt; throws 429 with `refusal(in how many minutes)` once its limit is used up. */
  protected async admit(attempt: Attempt<K>, limit: AttemptLimit, refusal: (wait: string) => string) {
    const wait = await this.attempts.admit(attempt, limit);
    if (wait > 0) throw new TooManyRequestsException(refusal(minutesText(wait)), wait);
  }

  onApplicationBootstrap(): void {
    this.stopPruning = pruneAttemptsEvery(this.attempts, {
      keepSeconds: DAY_SECONDS,
      everyMs: TEN_MINUTES_MS,
      logger: this.logger,
    });
  }

  onApplicationShutdown(): void {
    this.stopPruning?.();
  }
}

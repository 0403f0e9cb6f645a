import { Injectable, Logger, type OnApplicationBootstrap, type BeforeApplicationShutdown } from '@nestjs/common';
import { SessionsService } from '../sessions/sessions.service';
import { AuthAttemptsService } from './auth-attempts.service';
import { TwoFactorChallenges } from './two-factor-challenges';

const PRUNE_INTERVAL_MS = 10 * 60 * 1000;

/**
 * Deletes expired sessions and two-factor sign-in challenges, attempt rows older than every limit's
 * window and long-unused known clients, every ten minutes.
 */
@Injectable()
export class AuthHousekeepingService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('AuthHousekeeping');
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly sessions: SessionsService,
    private readonly attempts: AuthAttemptsService,
    private readonly challenges: TwoFactorChallenges,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.prune(), PRUNE_INTERVAL_MS);
    this.timer.unref();
  }

  beforeApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  async prune(): Promise<void> {
    try {
      const [sessions, attempts, challenges] = await Promise.all([
        this.sessions.pruneExpired(),
        this.attempts.prune(),
        this.challenges.pruneExpired(),
      ]);
      if (sessions + attempts + challenges > 0) {
        this.logger.log(
          `pruned ${sessions} expired sessions, ${challenges} expired sign-in challenges, ${attempts} old attempts and known clients`,
        );
      }
    } catch (error) {
      this.logger.warn(`pruning failed: ${(error as Error).message}`);
    }
  }
}

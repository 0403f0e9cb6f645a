import {
  type BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { CHAT_WAIT_SECONDS } from '@portal/contracts';
import { SUPPORT_CONFIG, type SupportConfig } from '../config';
import { ChatSignals } from './chat-signals';
import { ChatsService } from './chats.service';

/** How often a replica looks for chats to convert and for a change in the staff's presence. */
const SWEEP_EVERY_MS = 5000;

/**
 * Each replica, every 5 s (sooner with a short wait, as in tests): turns the waiting chats no
 * staffer took into tickets (`ChatsService.convertUnanswered`), and tells the customer streams when
 * "anyone online" changed, including a staffer's presence lapsing 45 s after their console's last
 * heartbeat. Each replica remembers what it last said; several replicas may say the same twice, which
 * the panels take as it is.
 */
@Injectable()
export class ChatSweeperService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('ChatSweeper');
  private readonly waitSeconds: number;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> = Promise.resolve();
  private lastOnline: boolean | null = null;

  constructor(
    private readonly chats: ChatsService,
    private readonly signals: ChatSignals,
    @Inject(SUPPORT_CONFIG) config: Partial<Pick<SupportConfig, 'chatWaitSeconds'>>,
  ) {
    this.waitSeconds = config.chatWaitSeconds ?? CHAT_WAIT_SECONDS;
  }

  onApplicationBootstrap(): void {
    const every = Math.min(SWEEP_EVERY_MS, Math.max(200, (this.waitSeconds * 1000) / 4));
    this.timer = setInterval(() => {
      this.running = this.running.then(() => this.sweep());
    }, every);
    this.timer.unref();
  }

  async beforeApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  /** One pass: presence first (a lapse converts the waiting chats in the same pass), then conversions. */
  async sweep(): Promise<void> {
    try {
      await this.refreshPresence();
      const converted = await this.chats.convertUnanswered(this.waitSeconds);
      if (converted > 0) this.logger.log(`${converted} unanswered chat(s) became tickets`);
    } catch (error) {
      this.logger.warn(`chat sweep failed: ${(error as Error).message}`);
    }
  }

  /** Tells every customer stream whether a staffer is online, when that changed since this replica last said. */
  async refreshPresence(): Promise<void> {
    const online = (await this.chats.staffOnline()) > 0;
    if (online === this.lastOnline) return;
    this.lastOnline = online;
    await this.signals.send({
      organizationId: null,
      customer: { kind: 'presence', staffOnline: online },
      staff: null,
    });
  }
}

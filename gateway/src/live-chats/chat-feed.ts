import {
  type BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import {
  type ChatSignal,
  chatSignalSchema,
  type CustomerChatEvent,
  type StaffChatEvent,
} from '@portal/contracts';
import type { StreamListener } from '../live-streams/event-stream';
import { FeedAudience } from '../live-streams/feed-audience';
import { SubjectFollower } from '../live-streams/subject-follower';

export interface LiveChatsOptions {
  /** Unset: streams open and stay quiet. */
  natsUrl?: string;
  /** support's chat signal subject (`live.chat.signals`); tests use one of their own. */
  subject: string;
}

export const LIVE_CHATS_OPTIONS = Symbol('LIVE_CHATS_OPTIONS');

/**
 * The gateway's one subscription to support's chat signals (core NATS), fanned out to the open chat
 * streams: a signal's `customer` event to the streams of its organization's members (every customer
 * stream for the staff's presence, which names no organization), its `staff` event to every staff
 * stream. The organization comes from the signal, the stream's from its token: nobody hears another
 * organization's chats.
 */
@Injectable()
export class ChatFeed implements OnApplicationBootstrap, BeforeApplicationShutdown, OnApplicationShutdown {
  private readonly logger = new Logger('ChatFeed');
  private readonly audience = new FeedAudience<CustomerChatEvent, StaffChatEvent>();
  private follower?: SubjectFollower;

  constructor(@Inject(LIVE_CHATS_OPTIONS) private readonly options: LiveChatsOptions) {}

  onApplicationBootstrap(): void {
    const { natsUrl, subject } = this.options;
    if (!natsUrl) return;
    this.follower = new SubjectFollower(
      { natsUrl, name: 'gateway-live-chats', subject, logger: this.logger },
      (text) => this.deliver(text),
    );
  }

  beforeApplicationShutdown(): void {
    this.audience.endAll();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.follower?.stop();
  }

  /** Sends the organization's chat events and the staff's presence until the answer is called. */
  subscribeCustomer(organizationId: string, listener: StreamListener<CustomerChatEvent>): () => void {
    return this.audience.addCustomer(organizationId, null, listener);
  }

  /** Sends every chat's events to a staff stream until the answer is called. */
  subscribeStaff(listener: StreamListener<StaffChatEvent>): () => void {
    return this.audience.addStaff(listener);
  }

  /** Open streams (staff and customers'), for tests and logs. */
  openStreams(): number {
    return this.audience.count();
  }

  private deliver(text: string): void {
    let signal: ChatSignal;
    try {
      signal = chatSignalSchema.parse(JSON.parse(text));
    } catch (error) {
      this.logger.warn(`dropped a malformed chat signal: ${(error as Error).message}`);
      return;
    }
    if (signal.staff) this.audience.sendToStaff(signal.staff);
    if (!signal.customer) return;
    if (signal.organizationId !== null)
      this.audience.sendToOrganization(signal.organizationId, signal.customer);
    // Only the presence is everyone's; anything else without an organization goes nowhere.
    else if (signal.customer.kind === 'presence') this.audience.sendToEveryCustomer(signal.customer);
  }
}

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
  private readonly customers = new Map<string, Set<StreamListener<CustomerChatEvent>>>();
  private readonly staff = new Set<StreamListener<StaffChatEvent>>();
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
    for (const listeners of this.customers.values()) for (const listener of listeners) listener.end();
    for (const listener of this.staff) listener.end();
    this.customers.clear();
    this.staff.clear();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.follower?.stop();
  }

  /** Sends the organization's chat events and the staff's presence until the answer is called. */
  subscribeCustomer(organizationId: string, listener: StreamListener<CustomerChatEvent>): () => void {
    let listeners = this.customers.get(organizationId);
    if (!listeners) this.customers.set(organizationId, (listeners = new Set()));
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0 && this.customers.get(organizationId) === listeners)
        this.customers.delete(organizationId);
    };
  }

  /** Sends every chat's events to a staff stream until the answer is called. */
  subscribeStaff(listener: StreamListener<StaffChatEvent>): () => void {
    this.staff.add(listener);
    return () => this.staff.delete(listener);
  }

  /** Open streams (staff and customers'), for tests and logs. */
  openStreams(): number {
    let count = this.staff.size;
    for (const listeners of this.customers.values()) count += listeners.size;
    return count;
  }

  private deliver(text: string): void {
    let signal: ChatSignal;
    try {
      signal = chatSignalSchema.parse(JSON.parse(text));
    } catch (error) {
      this.logger.warn(`dropped a malformed chat signal: ${(error as Error).message}`);
      return;
    }
    if (signal.staff) for (const listener of this.staff) listener.send(signal.staff);
    if (!signal.customer) return;
    if (signal.organizationId === null) {
      // Only the presence is everyone's; anything else without an organization goes nowhere.
      if (signal.customer.kind !== 'presence') return;
      for (const listeners of this.customers.values())
        for (const listener of listeners) listener.send(signal.customer);
      return;
    }
    const listeners = this.customers.get(signal.organizationId);
    if (listeners) for (const listener of listeners) listener.send(signal.customer);
  }
}

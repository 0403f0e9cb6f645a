import type { ConsumerMessages } from '@nats-io/jetstream';
import type { NatsLink } from './nats-link';

/**
 * The life of a JetStream reader that runs in the background and retries until stopped (the event
 * consumer, auth's session revocation feed). `start(run)` runs its loop once; the loop waits between
 * attempts with `pause`, which stop() cuts short, and hands the messages it reads to `reading`, so
 * that stop() can close them and end the loop's iteration. stop() then waits for the loop to end and
 * closes the reader's NATS link.
 */
export class ReaderLoop {
  private messages?: ConsumerMessages;
  private running?: Promise<void>;
  private wake?: () => void;
  private stopped = false;

  constructor(private readonly link: NatsLink) {}

  get isStopped(): boolean {
    return this.stopped;
  }

  start(run: () => Promise<void>): void {
    this.running ??= run();
  }

  /** The messages the loop reads now; closed at once when stop() came while they were being opened. */
  reading(messages: ConsumerMessages): ConsumerMessages {
    this.messages = messages;
    if (this.stopped) void messages.close();
    return messages;
  }

  pause(ms: number): Promise<void> {
    if (this.stopped) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    // close() settles only once the loop's iteration has ended, so it is awaited after the loop.
    const closing = this.messages?.close();
    await this.running;
    await closing;
    await this.link.close();
  }
}

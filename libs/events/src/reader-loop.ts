import type { ConsumerMessages } from '@nats-io/jetstream';
import type { NatsLink } from './nats-link';
import { RetryPause } from './retry-pause';

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
  private readonly retryPause = new RetryPause();
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
    return this.retryPause.wait(ms);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.retryPause.interrupt();
    // close() settles only once the loop's iteration has ended, so it is awaited after the loop.
    const closing = this.messages?.close();
    await this.running;
    await closing;
    await this.link.close();
  }
}

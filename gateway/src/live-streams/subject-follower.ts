import type { Logger } from '@nestjs/common';
import { NatsLink, RetryPause } from '@portal/events';

/**
 * A plain (not JetStream) NATS subscription to `subject` for as long as the process lives: it
 * subscribes once NATS is reachable (the link retries in the background), the client reconnects and
 * resubscribes by itself, and `stop` ends it. Live pages only need what happens while they are open,
 * and read the current state again when they (re)connect.
 */
export class SubjectFollower {
  private readonly link: NatsLink;
  private readonly following: Promise<void>;
  private readonly retryPause = new RetryPause();
  private stopped = false;

  constructor(
    options: { natsUrl: string; name: string; subject: string; logger: Logger },
    private readonly onMessage: (text: string) => void,
  ) {
    this.link = new NatsLink({ url: options.natsUrl, name: options.name, logger: options.logger });
    this.following = this.follow(options.subject);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.retryPause.interrupt();
    await this.link.close();
    await this.following;
  }

  private async follow(subject: string): Promise<void> {
    while (!this.stopped) {
      const connection = await this.link.get();
      if (connection) {
        connection.subscribe(subject, {
          callback: (error: Error | null, message: { string(): string }) => {
            if (!error) this.onMessage(message.string());
          },
        });
        // This ends only when the link is closed.
        await connection.closed();
      } else {
        await this.retryPause.wait(1000);
      }
    }
  }
}

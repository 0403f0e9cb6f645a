import { CHAT_TYPING_INTERVAL_MS } from '@portal/contracts';

/**
 * At most one typing signal per user and chat every `CHAT_TYPING_INTERVAL_MS` in this replica: a
 * client that sends more (the panel sends one per 3 s while keys are pressed) is answered 204 all
 * the same, and the extra ones go nowhere. The map forgets entries once they are old.
 */
export class TypingThrottle {
  private readonly last = new Map<string, number>();

  constructor(private readonly intervalMs: number = CHAT_TYPING_INTERVAL_MS) {}

  /** True when a signal of `userId` in `chatId` may go out now. */
  admit(userId: string, chatId: string, now: number = Date.now()): boolean {
    const key = `${userId}:${chatId}`;
    const previous = this.last.get(key);
    if (previous !== undefined && now - previous < this.intervalMs) return false;
    this.last.set(key, now);
    if (this.last.size > 10_000) {
      for (const [entry, at] of this.last) if (now - at >= this.intervalMs) this.last.delete(entry);
    }
    return true;
  }
}

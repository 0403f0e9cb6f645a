import type { LoggerService } from '@nestjs/common';

/** The listeners of a store's changes: a failing one is logged and never stops the others. */
export class Listeners<T> {
  private readonly listeners = new Set<(value: T) => void>();

  constructor(
    private readonly logger: Pick<LoggerService, 'error'>,
    private readonly what: string,
  ) {}

  /** Adds `listener`; the answer removes it. */
  add(listener: (value: T) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  tell(value: T): void {
    for (const listener of this.listeners) {
      try {
        listener(value);
      } catch (error) {
        this.logger.error(
          `A ${this.what} listener failed: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
  }
}

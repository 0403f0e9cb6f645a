/**
 * The wait between a background reader's attempts to reach NATS. interrupt() ends the current wait at
 * once and makes every later one return at once: the reader is stopping.
 */
export class RetryPause {
  private wake?: () => void;
  private interrupted = false;

  wait(ms: number): Promise<void> {
    if (this.interrupted) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }

  interrupt(): void {
    this.interrupted = true;
    this.wake?.();
  }
}

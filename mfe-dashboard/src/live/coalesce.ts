export interface Coalesced {
  /** Asks for a run: the first request opens a short window, later ones in it join that run. */
  request(): void;
  /** Drops a pending run. */
  cancel(): void;
}

/**
 * Runs `run` at most once per `windowMs`, `windowMs` after the first request of a burst. Unlike a
 * debounce, a steady stream of requests cannot push the run back: each is served within `windowMs`.
 */
export function coalesce(run: () => void, windowMs: number): Coalesced {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    request() {
      timer ??= setTimeout(() => {
        timer = undefined;
        run();
      }, windowMs);
    },
    cancel() {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}

/** Anything a test starts and must close again: a service stack, a fake, a server. */
export interface Closable {
  close(): Promise<void>;
}

/**
 * Starts `start()` once before the tests of the enclosing `describe` (or file) and closes it after
 * them. Returns an accessor: the started value exists only once `beforeAll` has run, so tests call
 * `stack()` inside their bodies, never at the describe level.
 */
export function startForSuite<T extends Closable>(start: () => Promise<T>): () => T {
  let started: T | undefined;
  beforeAll(async () => {
    started = await start();
  });
  afterAll(async () => {
    await started?.close();
    started = undefined;
  });
  return () => {
    if (started === undefined) throw new Error('startForSuite: used outside a test, before beforeAll ran');
    return started;
  };
}

/** The page's localStorage, or null where it is blocked (privacy settings): then nothing is kept. */
export function localStore(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

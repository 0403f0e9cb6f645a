import { StripeApiError } from './errors';

/** An answer as sent: replayed byte for byte to a retry with the same key. */
export interface SavedAnswer {
  status: number;
  body: unknown;
  headers: Record<string, string>;
  requestId: string;
}

interface Entry {
  /** Method, path and parameters of the first request. */
  fingerprint: string;
  savedAt: number;
  /** Undefined while the first request is still running. */
  answer?: SavedAnswer;
}

/** Stripe prunes keys once they are at least 24 hours old. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;

export type IdempotencyClaim =
  | { kind: 'replay'; answer: SavedAnswer }
  | { kind: 'claimed'; save(answer: SavedAnswer): void; release(): void };

/**
 * Stripe's idempotency layer for v1 (https://docs.stripe.com/api/idempotent_requests): per API key, the
 * first answer to a key (errors and 500s included) is saved once the endpoint has started and replayed
 * to every retry with the same parameters; other parameters are a 400 `idempotency_error`; a request
 * while the first one still runs is a 409 `idempotency_key_in_use`. Answers refused before execution
 * (authentication, parameter validation) are not saved: the key stays free.
 */
export class IdempotencyStore {
  private readonly entries = new Map<string, Entry>();

  claim(apiKey: string, key: string, fingerprint: string): IdempotencyClaim {
    const scoped = `${apiKey}\u0000${key}`;
    let entry = this.entries.get(scoped);
    if (entry && Date.now() - entry.savedAt >= IDEMPOTENCY_KEY_TTL_MS) {
      this.entries.delete(scoped);
      entry = undefined;
    }
    if (entry && entry.fingerprint !== fingerprint) {
      throw new StripeApiError(400, {
        type: 'idempotency_error',
        message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
      });
    }
    if (entry?.answer) return { kind: 'replay', answer: entry.answer };
    if (entry) {
      throw new StripeApiError(409, {
        type: 'idempotency_error',
        code: 'idempotency_key_in_use',
        message: `There is currently another in-progress request using this Idempotent Key (that probably means you submitted twice, and the other request is still going through): ${key}. Please try again later.`,
      });
    }
    const claimed: Entry = { fingerprint, savedAt: Date.now() };
    this.entries.set(scoped, claimed);
    return {
      kind: 'claimed',
      save: (answer) => {
        claimed.answer = answer;
      },
      release: () => {
        if (this.entries.get(scoped) === claimed && !claimed.answer) this.entries.delete(scoped);
      },
    };
  }
}

/** Method, path and parameters, keys sorted: the same request whatever order the client encodes. */
export function fingerprintOf(method: string, path: string, params: unknown): string {
  const sorted = (value: unknown): unknown =>
    value && typeof value === 'object'
      ? Object.fromEntries(
          Object.entries(value)
            .sort(([a], [b]) => a.localeCompare(b))
            .map(([k, v]) => [k, sorted(v)]),
        )
      : value;
  return JSON.stringify([method, path, sorted(params)]);
}

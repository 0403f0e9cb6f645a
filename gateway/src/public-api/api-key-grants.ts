import { createHash } from 'node:crypto';
import {
  type ApiKeyExchangeResponse,
  apiKeyExchangeResponseSchema,
  apiKeyTextPattern,
  type ApiKeyScope,
} from '@portal/contracts';
import { request } from 'undici';

/** What the gateway knows of a key it exchanged: for whom it acts, and the token to forward. */
export interface ApiKeyGrant {
  keyId: string;
  organizationId: string;
  scopes: readonly ApiKeyScope[];
  /** The API token the services verify, in place of the key. */
  token: string;
}

interface Entry {
  /** null: identity refused the key. */
  grant: ApiKeyGrant | null;
  /** Epoch ms after which the entry is not used. */
  until: number;
}

/** identity did not answer (down, slow, or an unexpected answer): the request cannot be decided. */
export class KeyExchangeUnavailable extends Error {}

export interface ApiKeyGrantsOptions {
  /** identity's base URL (`IDENTITY_URL`). */
  identityUrl: string;
  /** Longest a grant is kept (ms); never past the token's or the key's own end. Default 60 s. */
  grantTtlMs?: number;
  /** How long a refused key stays refused without asking identity again (ms). Default 10 s. */
  refusalTtlMs?: number;
  timeoutMs?: number;
  maxEntries?: number;
  now?: () => number;
}

/** The margin kept before a token's expiry, so a forwarded token never expires on its way. */
const TOKEN_MARGIN_MS = 30_000;

/**
 * The keys the gateway has exchanged with identity (`POST /internal/api-keys/exchange`), by the
 * SHA-256 of the key (the key itself is never kept). A grant answers for at most a minute, never
 * past the key's end (a rolled key) or its token's, and `forget` drops it when identity announces the
 * key revoked or rolled. A refused key is remembered briefly so a flood of bad keys does not reach
 * identity. Concurrent requests with one key share one exchange.
 */
export class ApiKeyGrants {
  private readonly entries = new Map<string, Entry>();
  private readonly digestsByKeyId = new Map<string, string>();
  private readonly pending = new Map<string, Promise<ApiKeyGrant | null>>();
  private readonly grantTtlMs: number;
  private readonly refusalTtlMs: number;
  private readonly timeoutMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;
  private readonly exchangeUrl: string;

  constructor(options: ApiKeyGrantsOptions) {
    this.exchangeUrl = `${options.identityUrl.replace(/\/+$/, '')}/internal/api-keys/exchange`;
    this.grantTtlMs = options.grantTtlMs ?? 60_000;
    this.refusalTtlMs = options.refusalTtlMs ?? 10_000;
    this.timeoutMs = options.timeoutMs ?? 2_000;
    this.maxEntries = options.maxEntries ?? 10_000;
    this.now = options.now ?? Date.now;
  }

  /** The grant of `key`, or null when it is malformed, unknown, revoked or expired. */
  async resolve(key: string): Promise<ApiKeyGrant | null> {
    if (!apiKeyTextPattern.test(key)) return null;
    const digest = createHash('sha256').update(key).digest('hex');
    const entry = this.entries.get(digest);
    if (entry && entry.until > this.now()) return entry.grant;
    let exchange = this.pending.get(digest);
    if (!exchange) {
      exchange = this.exchange(digest, key).finally(() => this.pending.delete(digest));
      this.pending.set(digest, exchange);
    }
    return exchange;
  }

  /** Drops what is known of a key (revoked or rolled): its next request asks identity again. */
  forget(keyId: string): void {
    const digest = this.digestsByKeyId.get(keyId);
    if (digest === undefined) return;
    this.digestsByKeyId.delete(keyId);
    this.entries.delete(digest);
  }

  private async exchange(digest: string, key: string): Promise<ApiKeyGrant | null> {
    const answer = await this.ask(key);
    const now = this.now();
    if (answer === null) {
      this.remember(digest, { grant: null, until: now + this.refusalTtlMs });
      return null;
    }
    const grant: ApiKeyGrant = {
      keyId: answer.keyId,
      organizationId: answer.organizationId,
      scopes: answer.scopes,
      token: answer.token,
    };
    const ends = [now + this.grantTtlMs, Date.parse(answer.tokenExpiresAt) - TOKEN_MARGIN_MS];
    if (answer.keyExpiresAt) ends.push(Date.parse(answer.keyExpiresAt));
    this.remember(digest, { grant, until: Math.min(...ends) });
    this.digestsByKeyId.set(grant.keyId, digest);
    return grant;
  }

  private async ask(key: string): Promise<ApiKeyExchangeResponse | null> {
    let response;
    try {
      response = await request(this.exchangeUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ key }),
        headersTimeout: this.timeoutMs,
        bodyTimeout: this.timeoutMs,
      });
    } catch (error) {
      throw new KeyExchangeUnavailable(
        `identity did not answer the key exchange: ${(error as Error).message}`,
      );
    }
    const text = await response.body.text();
    if (response.statusCode === 401) return null;
    const parsed =
      response.statusCode === 200 ? apiKeyExchangeResponseSchema.safeParse(safeJson(text)) : null;
    if (!parsed?.success) {
      throw new KeyExchangeUnavailable(`identity answered the key exchange with ${response.statusCode}`);
    }
    return parsed.data;
  }

  private remember(digest: string, entry: Entry): void {
    this.entries.delete(digest);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value!;
      this.entries.delete(oldest);
    }
    this.entries.set(digest, entry);
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

import { createPublicKey, type KeyObject } from 'node:crypto';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { ACCESS_TOKEN_ALGORITHM } from '@portal/contracts';
import type { JWK } from 'jose';
import { JwksUnavailableError } from './auth-errors';
import { AUTH_OPTIONS, type ResolvedAuthOptions } from './auth-options';

/**
 * identity's public keys by `kid`, kept by this process (stale-while-revalidate). The last good key
 * set answers every token at once; it is refetched in the background every `jwksRefreshIntervalMs`,
 * and a failed refetch keeps it whole. A `kid` not in the set may refetch it once per
 * `jwksUnknownKidRefreshIntervalMs` (all unknown kids share that one refetch), so forged kids cost
 * identity at most that and never hold up a known key. Only while no key set was ever read (identity
 * unreachable since start-up) does a token get a JwksUnavailableError (503).
 */
@Injectable()
export class JwksKeyStore implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('JwksKeyStore');
  private keys?: Map<string, KeyObject>;
  private refreshing?: Promise<void>;
  private lastError?: Error;
  private lastUnknownKidRefresh = -Infinity;
  private timer?: NodeJS.Timeout;

  constructor(@Inject(AUTH_OPTIONS) private readonly options: ResolvedAuthOptions) {}

  /** Reads the key set in the background (start-up never waits for identity), then on a schedule. */
  onApplicationBootstrap(): void {
    void this.refresh();
    this.timer = setInterval(() => void this.refresh(), this.options.jwksRefreshIntervalMs);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  /** The public key of `kid`, or null when identity does not publish it. */
  async keyFor(kid: string | undefined): Promise<KeyObject | null> {
    if (!this.keys) {
      await this.refresh();
      if (!this.keys) throw new JwksUnavailableError(this.lastError ?? new Error('not read yet'));
    }
    if (kid === undefined) return null;
    const known = this.keys.get(kid);
    if (known) return known;
    // A newly published key (rotation), or a forged kid: only one refetch per interval finds out.
    if (!this.refreshing) {
      if (performance.now() - this.lastUnknownKidRefresh < this.options.jwksUnknownKidRefreshIntervalMs) {
        return null;
      }
      this.lastUnknownKidRefresh = performance.now();
    }
    await this.refresh();
    return this.keys.get(kid) ?? null;
  }

  /** One refetch at a time; every caller meanwhile waits for the same one. */
  private refresh(): Promise<void> {
    this.refreshing ??= this.fetchKeys()
      .then((keys) => {
        if (this.lastError) this.logger.log(`JWKS at ${this.options.jwksUrl} read again`);
        this.keys = keys;
        this.lastError = undefined;
      })
      .catch((error: Error) => {
        if (!this.lastError) {
          const kept = this.keys ? `keeping the ${this.keys.size} key(s) already read` : 'no key read yet';
          this.logger.warn(`JWKS at ${this.options.jwksUrl} could not be read (${error.message}); ${kept}`);
        }
        this.lastError = error;
      })
      .finally(() => {
        this.refreshing = undefined;
      });
    return this.refreshing;
  }

  private async fetchKeys(): Promise<Map<string, KeyObject>> {
    const response = await fetch(this.options.jwksUrl, {
      signal: AbortSignal.timeout(this.options.jwksTimeoutMs),
    });
    if (!response.ok) throw new Error(`answered ${response.status}`);
    const body = (await response.json()) as { keys?: unknown };
    const keys = new Map<string, KeyObject>();
    for (const jwk of Array.isArray(body.keys) ? (body.keys as JWK[]) : []) {
      const key = signingKey(jwk);
      if (key && jwk.kid) keys.set(jwk.kid, key);
    }
    if (keys.size === 0) throw new Error(`no ${ACCESS_TOKEN_ALGORITHM} signing key in it`);
    return keys;
  }
}

/** A P-256 public key meant for ES256 signatures, or null for any other entry. */
function signingKey(jwk: JWK): KeyObject | null {
  if (jwk.kty !== 'EC' || jwk.crv !== 'P-256' || typeof jwk.kid !== 'string') return null;
  if ((jwk.use ?? 'sig') !== 'sig' || (jwk.alg ?? ACCESS_TOKEN_ALGORITHM) !== ACCESS_TOKEN_ALGORITHM) return null;
  try {
    return createPublicKey({ key: { kty: jwk.kty, crv: jwk.crv, x: jwk.x, y: jwk.y }, format: 'jwk' });
  } catch {
    return null;
  }
}

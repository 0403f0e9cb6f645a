import { type IncomingMessage, request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import {
  WEBHOOK_EVENT_ID_HEADER,
  WEBHOOK_RESPONSE_EXCERPT_BYTES,
  WEBHOOK_SIGNATURE_HEADER,
} from '@portal/contracts';
import { inboundSignatureHeader } from '../integrations/inbound-signature';
import type { ResolvedAddress } from '@portal/nest-http';

export const WEBHOOK_USER_AGENT = 'MillstoneCX-Webhooks/1.0 (+https://millstone-cx.example/docs#webhooks)';

/** What one attempt came to: the receiver's answer, or why there was none. */
export interface AttemptOutcome {
  durationMs: number;
  responseStatus: number | null;
  responseBody: string | null;
  error: string | null;
}

export interface SendRequest {
  url: string;
  /** The address checked for this attempt: the connection goes there and nowhere else. */
  address: ResolvedAddress;
  /** The event's public id (`evt_…`), in WEBHOOK_EVENT_ID_HEADER. */
  eventId: string;
  body: string;
  signingSecret: string;
  /** Unix seconds the signature carries. */
  timestamp: number;
  /** The whole attempt (connect, headers, body) ends by then. */
  timeoutMs: number;
}

/** `lookup` that answers the checked address whatever the name: DNS rebinding cannot swap it. */
const pinnedLookup =
  ({ address, family }: ResolvedAddress): LookupFunction =>
  (_hostname, options, callback) => {
    if ((options as { all?: boolean }).all) {
      (callback as unknown as (error: null, addresses: ResolvedAddress[]) => void)(null, [
        { address, family },
      ]);
    } else callback(null, address, family);
  };

/** The first `limit` bytes of a text, cut on a character boundary. */
export function excerpt(buffer: Buffer, limit = WEBHOOK_RESPONSE_EXCERPT_BYTES): string {
  const text = buffer.subarray(0, limit).toString('utf8');
  return buffer.length > limit ? text.replace(/\uFFFD$/u, '') : text;
}

const errorText = (error: NodeJS.ErrnoException): string => {
  switch (error.code) {
    case 'ECONNREFUSED':
      return 'Connection refused';
    case 'ECONNRESET':
      return 'Connection reset by the receiver';
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return 'Host unreachable';
    case 'CERT_HAS_EXPIRED':
    case 'DEPTH_ZERO_SELF_SIGNED_CERT':
    case 'UNABLE_TO_VERIFY_LEAF_SIGNATURE':
    case 'ERR_TLS_CERT_ALTNAME_INVALID':
      return `TLS certificate refused (${error.code})`;
    default:
      return (error.message || String(error.code ?? 'Request failed')).slice(0, 300);
  }
};

/**
 * One signed POST of a delivery's body. Never throws: a receiver that does not answer in time, refuses
 * the connection or breaks it comes back as an outcome with `error`. Redirects are not followed (a 3xx
 * is an answer that is not 2xx).
 */
export function sendWebhook(request: SendRequest): Promise<AttemptOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const url = new URL(request.url);
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (outcome: Omit<AttemptOutcome, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      resolve({ ...outcome, durationMs: elapsed() });
    };
    const req = send(
      url,
      {
        method: 'POST',
        lookup: pinnedLookup(request.address),
        // One connection per attempt: a kept-alive socket would skip the lookup that pins the address.
        agent: false,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(request.body),
          'user-agent': WEBHOOK_USER_AGENT,
          [WEBHOOK_EVENT_ID_HEADER.toLowerCase()]: request.eventId,
          [WEBHOOK_SIGNATURE_HEADER.toLowerCase()]: inboundSignatureHeader(
            request.signingSecret,
            request.body,
            request.timestamp,
          ),
        },
      },
      (response: IncomingMessage) => {
        const chunks: Buffer[] = [];
        let kept = 0;
        response.on('data', (chunk: Buffer) => {
          if (kept < WEBHOOK_RESPONSE_EXCERPT_BYTES) {
            chunks.push(chunk);
            kept += chunk.length;
          }
        });
        const answered = () =>
          finish({
            responseStatus: response.statusCode ?? null,
            responseBody: excerpt(Buffer.concat(chunks)),
            error: null,
          });
        response.on('end', answered);
        response.on('error', () =>
          finish({
            responseStatus: response.statusCode ?? null,
            responseBody: excerpt(Buffer.concat(chunks)),
            error: 'Connection broken while reading the answer',
          }),
        );
      },
    );
    const deadline = setTimeout(() => {
      finish({
        responseStatus: null,
        responseBody: null,
        error: `Timed out after ${Number((request.timeoutMs / 1000).toFixed(1))} s`,
      });
      req.destroy();
    }, request.timeoutMs);
    req.on('error', (error: NodeJS.ErrnoException) =>
      finish({ responseStatus: null, responseBody: null, error: errorText(error) }),
    );
    req.end(request.body);
  });
}

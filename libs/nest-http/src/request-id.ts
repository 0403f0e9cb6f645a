import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const REQUEST_ID_HEADER = 'x-request-id';

// An incoming id is reused only when it is short and plain, so it cannot forge log lines or headers.
const SAFE_REQUEST_ID = /^[\w.:@/+=-]{1,128}$/;

/** The request id to use for a request: the caller's `x-request-id` when it is safe, else a new uuid. */
export function resolveRequestId(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  return value && SAFE_REQUEST_ID.test(value) ? value : randomUUID();
}

/** Fastify `genReqId`: honours the incoming `x-request-id`. */
export function genRequestId(req: IncomingMessage): string {
  return resolveRequestId(req.headers[REQUEST_ID_HEADER]);
}

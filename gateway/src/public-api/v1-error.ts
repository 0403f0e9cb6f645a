import { type ApiErrorBody, type ApiErrorType } from '@portal/contracts';
import type { FastifyReply } from 'fastify';

/** Sends a /v1 error in the documented shape, naming the request's id. */
export function sendV1Error(
  reply: FastifyReply,
  statusCode: number,
  type: ApiErrorType,
  code: string,
  message: string,
  param: string | null = null,
): FastifyReply {
  const body: ApiErrorBody = { error: { type, code, message, param, request_id: String(reply.request.id) } };
  return reply.code(statusCode).type('application/json; charset=utf-8').send(body);
}

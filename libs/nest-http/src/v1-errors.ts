import { HttpException, HttpStatus } from '@nestjs/common';
import { type ApiErrorBody, apiErrorCodes, type ApiErrorType } from '@portal/contracts';

/** An error of the public API as its documented body shows it, less the request id. */
export interface V1ErrorFields {
  type: ApiErrorType;
  code: string;
  message: string;
  param: string | null;
}

/** Thrown by /v1 handlers: the filter answers it as `{ error: { type, code, message, param, request_id } }`. */
export class V1Error extends HttpException {
  constructor(
    status: number,
    readonly fields: V1ErrorFields,
  ) {
    super(fields.message, status);
  }
}

export const v1Messages = {
  objectMissing: (kind: string, id: string) => `No such ${kind}: '${id}'`,
  cursorMissing: (id: string) => `starting_after names no object of this list: '${id}'`,
  cursorInvalid: (kind: string) => `starting_after must be the id of a ${kind} of this list`,
  bodyNotObject: 'The request body must be a JSON object.',
  bodyNotJson: 'The request body is not valid JSON.',
  bodyNotJsonType: 'The request body must be JSON, sent as Content-Type: application/json.',
  parameterMissing: (param: string) => `${param} is required`,
  parameterUnknown: (param: string) => `Received unknown parameter: ${param}`,
  idempotencyKeyInvalid: (max: number) =>
    `The Idempotency-Key header must be 1 to ${max} printable characters.`,
  idempotencyKeyInUse:
    'This Idempotency-Key was already used with a different request. Use a new key for a new request.',
  idempotencyInProgress:
    'A request with this Idempotency-Key is still being processed. Retry once it has finished.',
  routeMissing: (method: string, url: string) => `No such endpoint: ${method} ${url.split('?')[0]}`,
  internal: 'Something went wrong on our side. Quote the request id to support.',
  unavailable: 'The service is unavailable right now. Please retry shortly.',
} as const;

export const v1Errors = {
  /** A `kind` (ticket, webhook endpoint) that is not the caller's organization's, or no longer exists. */
  objectMissing: (kind: string, id: string) =>
    new V1Error(HttpStatus.NOT_FOUND, {
      type: 'not_found_error',
      code: apiErrorCodes.resourceMissing,
      message: v1Messages.objectMissing(kind, id),
      param: 'id',
    }),
  invalidParameter: (code: string, message: string, param: string | null) =>
    new V1Error(HttpStatus.BAD_REQUEST, { type: 'invalid_request_error', code, message, param }),
  idempotency: (status: number, code: string, message: string) =>
    new V1Error(status, { type: 'idempotency_error', code, message, param: null }),
};

/**
 * Any other error in the API's words, by its status: a bad API token (401), a missing scope (403),
 * what Fastify refused before a handler ran (bad JSON, too large, not JSON), an unknown route (404),
 * the organization's ticket limit (429), and server errors (never their internals).
 */
export function v1FieldsForStatus(
  status: number,
  message: string,
  request?: { method: string; url: string },
): V1ErrorFields {
  switch (status) {
    case 400:
      return {
        type: 'invalid_request_error',
        code: apiErrorCodes.bodyInvalid,
        message: v1Messages.bodyNotJson,
        param: null,
      };
    case 401:
      return { type: 'authentication_error', code: apiErrorCodes.invalidApiKey, message, param: null };
    case 403:
      return { type: 'permission_error', code: apiErrorCodes.missingScope, message, param: null };
    case 404:
      // As the gateway words an unknown /v1 endpoint.
      return {
        type: 'invalid_request_error',
        code: apiErrorCodes.routeMissing,
        message: request ? v1Messages.routeMissing(request.method, request.url) : message,
        param: null,
      };
    case 415:
      return {
        type: 'invalid_request_error',
        code: apiErrorCodes.bodyInvalid,
        message: v1Messages.bodyNotJsonType,
        param: null,
      };
    case 429:
      return { type: 'rate_limit_error', code: apiErrorCodes.rateLimited, message, param: null };
    case 503:
      return {
        type: 'api_error',
        code: apiErrorCodes.unavailable,
        message: v1Messages.unavailable,
        param: null,
      };
    default:
      return status < 500
        ? { type: 'invalid_request_error', code: apiErrorCodes.parameterInvalid, message, param: null }
        : { type: 'api_error', code: apiErrorCodes.internal, message: v1Messages.internal, param: null };
  }
}

export const v1ErrorBody = (fields: V1ErrorFields, requestId: string | null): ApiErrorBody => ({
  error: { ...fields, request_id: requestId },
});

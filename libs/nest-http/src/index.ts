export { createServiceApp, DEFAULT_BODY_LIMIT, type ServiceAppOptions } from './create-service-app';
export { isDependencyUnavailable } from './dependency-unavailable';
export { JsonExceptionFilter, type JsonExceptionFilterOptions } from './json-exception.filter';
export { keepRawJsonBody } from './raw-json-body';
export { toErrorBody, unavailableMessage } from './error-body';
export { minutesText, TooManyRequestsException } from './too-many-requests.exception';
export { ZodValidationPipe } from './zod-validation.pipe';
export { PinoNestLogger } from './pino-nest-logger';
export { genRequestId, resolveRequestId, REQUEST_ID_HEADER } from './request-id';
export { AccessLogController } from './access-log';
export {
  type HostResolver,
  isRefusedAddress,
  type ResolvedAddress,
  resolveWebhookUrl,
  systemResolver,
  WebhookUrlRefusal,
} from './webhook-url-guard';

export { createServiceApp, DEFAULT_BODY_LIMIT, type ServiceAppOptions } from './create-service-app';
export {
  closeGracefullyOnSignals,
  shutDownGracefully,
  type GracefulShutdownOptions,
} from './graceful-shutdown';
export { ifNoneMatchMatches } from './etag';
export { enableMetrics, httpRequestDuration, measureRequests, UNMATCHED_ROUTE } from './metrics';
export { type InternalListener, type InternalListenerOptions, listenInternal } from './internal-listener';
export { ProbesController, ProbesModule } from './probes.module';
export {
  type DependencyCheck,
  isReady,
  PROBE_TIMEOUT_MS,
  type PublicReadiness,
  publicReadiness,
  Readiness,
  type ReadinessReport,
} from './readiness';
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
export {
  V1Error,
  v1ErrorBody,
  type V1ErrorFields,
  v1Errors,
  v1FieldsForStatus,
  v1Messages,
} from './v1-errors';
export { V1ExceptionFilter } from './v1-exception.filter';
export { parseV1 } from './v1-validation';
export { reshapeEarlyV1Error, reshapeEarlyV1Errors } from './v1-early-errors';
export {
  type IdempotentAnswer,
  IdempotencyService,
  idempotencyKeyOf,
  requestHash,
  sendIdempotentAnswer,
  type StoredAnswer,
} from './v1-idempotency';
export { logCorrelation } from './log-correlation';
export { type RequestTracingOptions, traceRequests } from './request-tracing';
export { flushTraces, startTracing, type TracingOptions } from './tracing';

/**
 * The versions of the committed contract documents (`libs/contracts/openapi.json`, `asyncapi.json`).
 * The contract check of `npm test` refuses a breaking change (a removed operation or field, a narrowed
 * type, a newly required request field, a removed subject) unless the major version here grew, or, for
 * one event, unless that event's own `version` in the catalog grew (a new version is a new message).
 * A change that breaks nobody leaves them alone.
 */
export const contractVersions = {
  /** `info.version` of `openapi.json`: the internal HTTP API under `/api`, served through the gateway. */
  httpApi: '1.0.0',
  /**
   * `info.version` of `asyncapi.json`: the event catalog as a whole (bump it to remove an event).
   * 2: `portal.mail.requested` may carry the `call-booking` template (ADR 0232); its one consumer,
   * crm's mailer, ships with its one producer of it, so the event keeps version 1.
   * 3: it may carry the status page's `status-subscription-confirmation` and `status-incident` (ADR 0235),
   * produced by support; crm's mailer reads them, so it ships first.
   */
  events: '3.0.0',
} as const;

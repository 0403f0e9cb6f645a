import type { ComponentType } from 'react';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import RocketLaunch from '@mui/icons-material/RocketLaunchRounded';
import Api from '@mui/icons-material/ApiRounded';
import Webhook from '@mui/icons-material/WebhookRounded';
import Key from '@mui/icons-material/KeyRounded';
import Extension from '@mui/icons-material/ExtensionRounded';
import Code from '@mui/icons-material/CodeRounded';
import { BRAND_NAME } from '@portal/ui';

import {
  apiErrorCodes,
  apiErrorTypes,
  apiKeyGraceHours,
  apiKeyScopeDescriptions,
  apiKeyScopes,
  API_KEY_PREFIX,
  IDEMPOTENCY_KEY_TTL_HOURS,
  INBOUND_SIGNATURE_TOLERANCE_SECONDS,
  rateLimitHeaders,
  v1OpenApiDocument,
  V1_RATE_LIMIT,
  WEBHOOK_EVENT_ID_HEADER,
  WEBHOOK_RETRY_HOURS,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TEST_EVENT_TYPE,
  WEBHOOK_TIMEOUT_SECONDS,
  webhookEventTypes,
} from '@portal/contracts';
import { type CodeLanguage, docsSamples, API_KEY_VARIABLE, WEBHOOK_SECRET_VARIABLE } from './docs-samples';
import { fieldsMarkup, type OpenApiDocument, referenceOperations, schemaMarkup } from './docs-reference';

export type { CodeLanguage } from './docs-samples';

export const CODE_LANGUAGES: readonly { id: CodeLanguage; label: string }[] = [
  { id: 'javascript', label: 'JavaScript' },
  { id: 'python', label: 'Python' },
  { id: 'php', label: 'PHP' },
];

/** Where the dashboard's Developers page is: API keys and webhook endpoints. */
export const DEVELOPERS_PAGE_PATH = '/dashboard/developers';
/** Where tools (Postman, code generators) read the API's description. */
export const OPENAPI_PATH = '/openapi.json';

export type DocsBlock =
  /** Prose in the content markup. */
  | { type: 'text'; markup: string }
  /** The same task in each language, under the page's language switch. */
  | { type: 'example'; title: string; code: Record<CodeLanguage, string> }
  /** One listing whatever the language (a JSON body, HTTP headers). */
  | { type: 'snippet'; title: string; code: string };

export type DocsSectionId =
  'getting-started' | 'api-reference' | 'webhooks' | 'authentication' | 'integrations' | 'code-examples';

/** A docs section's place in the navigation: id, title, icon. */
export interface DocsSectionHeading {
  id: DocsSectionId;
  title: string;
  Icon: ComponentType<SvgIconProps>;
}

/** A docs section with its content. */
export interface DocsSection extends DocsSectionHeading {
  blocks: DocsBlock[];
}

export const DOCS_SECTIONS: readonly DocsSectionHeading[] = [
  { id: 'getting-started', title: 'Getting Started', Icon: RocketLaunch },
  { id: 'api-reference', title: 'API Reference', Icon: Api },
  { id: 'webhooks', title: 'Webhooks', Icon: Webhook },
  { id: 'authentication', title: 'Authentication', Icon: Key },
  { id: 'integrations', title: 'Integrations', Icon: Extension },
  { id: 'code-examples', title: 'Code Examples', Icon: Code },
];

const list = (items: readonly string[]) => items.map((item) => `- ${item}`).join('\n');
const codeList = (items: readonly string[]) => items.map((item) => `\`${item}\``).join(', ');
const hours = (count: number) => (count === 1 ? '1 hour' : `${count} hours`);

/** The example answer of `POST /tickets` (its shape is checked against the contract's schema by the tests). */
export const EXAMPLE_TICKET = {
  id: 'tkt_0b9e6f2c1a7d4e5f8a9b0c1d2e3f4a5b',
  object: 'ticket',
  customer_id: 'cus_48213',
  subject: 'Order arrived damaged',
  description: 'Customer reports a cracked screen on order #10482.',
  priority: 'high',
  status: 'open',
  created_at: '2026-09-02T14:31:07.000Z',
  updated_at: '2026-09-02T14:31:07.000Z',
  assigned_agent: 'agt_5c2d9e1f0a3b4c6d8e7f9a0b1c2d3e4f',
  callback_url: null,
} as const;

/** An error answer as every /v1 endpoint writes it. */
export const EXAMPLE_ERROR = {
  error: {
    type: 'invalid_request_error',
    code: apiErrorCodes.parameterMissing,
    message: 'subject is required',
    param: 'subject',
    request_id: 'req_7f3a9c2e51b04d8e',
  },
} as const;

/** `ticket.created` as a receiver gets it (checked against the contract's payload schema by the tests). */
export const EXAMPLE_TICKET_CREATED = {
  id: 'evt_3d6f0a9b8c7e4d2f9a1b0c8e7d6f5a4b',
  event: 'ticket.created',
  created_at: '2026-09-02T14:31:07.000Z',
  data: {
    id: 'tkt_0b9e6f2c1a7d4e5f8a9b0c1d2e3f4a5b',
    customer_id: 'cus_48213',
    subject: 'Order arrived damaged',
    created_at: '2026-09-02T14:31:07.000Z',
  },
} as const;

/** `ticket.updated` as a ticket's `callback_url` gets it: the ticket as `GET /tickets/{id}` shows it. */
export const EXAMPLE_TICKET_UPDATED = {
  id: 'evt_5e4d3c2b1a0f49e8b7c6d5e4f3a2b1c0',
  event: 'ticket.updated',
  created_at: '2026-09-02T16:05:12.000Z',
  data: {
    object: {
      ...EXAMPLE_TICKET,
      status: 'in_progress',
      updated_at: '2026-09-02T16:05:12.000Z',
      callback_url: 'https://example.com/hooks/tickets',
    },
  },
} as const;

export const EXAMPLE_CALL_COMPLETED = {
  id: 'evt_9a8b7c6d5e4f40318293a4b5c6d7e8f9',
  event: 'call.completed',
  created_at: '2026-09-02T15:02:44.000Z',
  data: {
    call_id: 'call_77a0d3',
    duration: 342,
    resolution: 'resolved',
    agent_id: 'agt_5c2d9e1f0a3b4c6d8e7f9a0b1c2d3e4f',
  },
} as const;

const json = (value: unknown) => JSON.stringify(value, null, 2);

/** The fields of the items of a list schema (`AgentList` → the agent's fields). */
function listItemMarkup(document: OpenApiDocument, listSchema: string): string {
  return fieldsMarkup(document, document.components.schemas[listSchema]?.properties?.data?.items ?? {});
}

/**
 * Every section of the page, written for the API at `baseUrl` (`https://…/v1`): the base URL the
 * deployment serves (the runtime config's `api.baseUrl`). The API Reference comes from the OpenAPI
 * document `/v1/openapi.json` serves.
 */
export function docsSections(baseUrl: string): DocsSection[] {
  const samples = docsSamples(baseUrl);
  const document = v1OpenApiDocument(baseUrl) as unknown as OpenApiDocument;
  const operations = referenceOperations(document);
  const operation = (id: string) => {
    const found = operations.find((each) => each.operation.operationId === id);
    if (!found) throw new Error(`The OpenAPI document has no operation ${id}`);
    return found.markup;
  };
  const blocks: Record<DocsSectionId, DocsBlock[]> = {
    'getting-started': [
      {
        type: 'text',
        markup: `The ${BRAND_NAME} API connects your own systems to the team that answers your customers. Create support tickets from your app or website, follow them as our agents work on them, look up the agents assigned to your account, and receive webhooks when a ticket is created or a call ends.

### The basics

- **Base URL:** \`${baseUrl}\` (the version is part of the path, so new versions never break your code).
- **Format:** JSON in and JSON out; send \`Content-Type: application/json\` with every request that has a body.
- **Authentication:** an API key sent as a bearer token, described under Authentication.
- **Rate limit:** ${V1_RATE_LIMIT} requests per hour per API key, described under API Reference.
- **Machine-readable:** the OpenAPI 3.1 description at \`${baseUrl}${OPENAPI_PATH}\`, for Postman, Insomnia or a client generator.

### Your first request in three steps

1. Sign in to your dashboard, open Developers (\`${DEVELOPERS_PAGE_PATH}\`) and create an API key with the scopes you need. Store it as a secret on your server: the examples read it from the \`${API_KEY_VARIABLE}\` environment variable.
2. List the agents on your account with \`GET /agents\`, as below.
3. Create a test ticket with \`POST /tickets\` and fetch it again with \`GET /tickets/{id}\`.

**Keep API keys on your server. Never put them in a browser, a mobile app or a public repository.**`,
      },
      { type: 'example', title: 'List your agents', code: samples.listAgents },
    ],
    'api-reference': [
      {
        type: 'text',
        markup: `Every endpoint below lives under \`${baseUrl}\` and needs an API key with the scope it names. Successful calls answer 200 (or 201 when something was created) with a JSON body; ids carry their kind, as \`tkt_…\` for tickets, \`agt_…\` for agents and \`we_…\` for webhook endpoints. This reference is written from the API's OpenAPI 3.1 description, \`${baseUrl}${OPENAPI_PATH}\`: load it into your tools to generate a client.

${operation('createTicket')}`,
      },
      { type: 'example', title: 'Create a ticket', code: samples.createTicket },
      { type: 'snippet', title: 'Response: 201 Created', code: json(EXAMPLE_TICKET) },
      {
        type: 'text',
        markup: `### Idempotent retries

Send an \`Idempotency-Key\` header (any unique text, such as a UUID) with every \`POST /tickets\` and \`POST /webhook_endpoints\`. If the connection drops and you send the same request again with the same key within ${IDEMPOTENCY_KEY_TTL_HOURS} hours, you get the first answer back instead of a second ticket or endpoint. The same key with a different body answers 400 (\`idempotency_error\`); a retry while the first request is still running answers 409.

${operation('getTicket')}`,
      },
      { type: 'example', title: 'Fetch a ticket', code: samples.getTicket },
      {
        type: 'text',
        markup: `${operation('listTickets')}

### Pagination

Lists answer newest first, one page at a time: \`{ "object": "list", "data": [...], "has_more": true, "next_cursor": "tkt_…" }\`. While \`has_more\` is true, ask for the next page with \`starting_after\` set to \`next_cursor\`; \`limit\` sets the page size.`,
      },
      { type: 'example', title: 'List every ticket', code: samples.listTickets },
      {
        type: 'text',
        markup: `${operation('listAgents')}

### The ticket object

${schemaMarkup(document, 'Ticket')}

### The agent object

${listItemMarkup(document, 'AgentList')}

${operation('createWebhookEndpoint')}

${operation('listWebhookEndpoints')}

${operation('getWebhookEndpoint')}

${operation('updateWebhookEndpoint')}

${operation('deleteWebhookEndpoint')}

### The webhook endpoint object

${schemaMarkup(document, 'WebhookEndpoint')}

### Rate limits

Each API key may make ${V1_RATE_LIMIT} requests in any hour (a sliding window, not a clock hour). Every answer carries three headers so you can pace your calls:

- **${rateLimitHeaders.limit}:** the requests allowed per hour (${V1_RATE_LIMIT}).
- **${rateLimitHeaders.remaining}:** the requests left in the window.
- **${rateLimitHeaders.reset}:** when the oldest request counted leaves the window and one more is freed, in seconds since the Unix epoch.

A request over the limit answers 429 Too Many Requests with a \`Retry-After\` header: the seconds to wait before trying again. The Code Examples section shows how.

### Errors

Failed requests answer with an HTTP error status and one JSON shape, whoever answers. Every answer also carries an \`X-Request-Id\` header: quote it when you contact us.

- **type:** one of ${codeList(apiErrorTypes)}.
- **code:** a stable code to branch on, such as ${codeList(Object.values(apiErrorCodes))}.
- **message:** a sentence for people; it may change, so never parse it.
- **param:** the field at fault, or null.
- **request_id:** the request's id, as in \`X-Request-Id\`.`,
      },
      { type: 'snippet', title: 'Error body: 400 Bad Request', code: json(EXAMPLE_ERROR) },
    ],
    webhooks: [
      {
        type: 'text',
        markup: `Webhooks tell your systems about events the moment they happen, so you do not have to poll the API. Add an endpoint in your dashboard's Developers page (\`${DEVELOPERS_PAGE_PATH}\`), or with \`POST /webhook_endpoints\` and a key with \`webhooks:manage\`: its URL and the events it wants. Its signing secret is shown once, when you add it; keep it with your API key. We then send an HTTPS POST with a JSON body to it for every event.

### Events

- **ticket.created:** a ticket was opened. Data: id, customer_id, subject and created_at.
- **call.completed:** an agent finished a call. Data: call_id, duration (in seconds), resolution (for example resolved) and agent_id.

Every delivery's body is \`{ id, event, created_at, data }\`: the event's id (\`evt_…\`), its type (${codeList(webhookEventTypes)}, or \`${WEBHOOK_TEST_EVENT_TYPE}\` for a test), when it happened and its data.

### Verify the signature

Each delivery carries a \`${WEBHOOK_SIGNATURE_HEADER}\` header, \`t=<unix seconds>,v1=<signature>\`: the signature is the hex HMAC-SHA256 of \`<t>.<raw body>\` with your endpoint's signing secret. Compute it over the raw body, before any JSON parsing, compare it in constant time, and refuse a timestamp more than ${INBOUND_SIGNATURE_TOLERANCE_SECONDS / 60} minutes away from your clock. The receivers below do all three.

### Answer within ${WEBHOOK_TIMEOUT_SECONDS} seconds

Your endpoint must answer 200 within ${WEBHOOK_TIMEOUT_SECONDS} seconds (any 2xx counts). A slower answer, another status or no answer counts as a failed attempt, and we try again with exponential back-off for ${WEBHOOK_RETRY_HOURS} hours; after that the endpoint is marked failing and its owners get an email. A retry carries the same \`${WEBHOOK_EVENT_ID_HEADER}\` header (the body's \`id\`): keep the ids you handled and skip one you have seen.

**Answer 200 first, then process the event: a webhook handler should never wait on another system.**

### The delivery log

The endpoint's page in Developers lists every delivery with each attempt: the request, your answer's status and first bytes, and how long it took. Resend delivers one again, and Send test event sends a \`${WEBHOOK_TEST_EVENT_TYPE}\` event to check your receiver.

### Ticket callbacks

Give a ticket a \`callback_url\` when you create it (\`POST /tickets\`) and we tell that URL about the ticket, with no endpoint to add:

- **ticket.updated:** its status, priority or assignment changed.
- **ticket.replied:** one of our agents replied to it.

The body is a webhook's \`{ id, event, created_at, data }\` with \`data.object\`, the ticket as \`GET /tickets/{id}\` shows it at that change; order them by its \`updated_at\`. Callbacks are signed, answered, retried and de-duplicated exactly as webhooks, with one difference: your organization's callback signing secret signs them all. Reveal it in the Developers page's Ticket callbacks, which also lists every callback sent, with Resend. Roll it there too: the new secret signs every callback from then on, so give it to your receiver first. A \`callback_url\` that resolves to a private, loopback or link-local address is refused with a 400 on \`callback_url\`.`,
      },
      { type: 'snippet', title: 'ticket.created', code: json(EXAMPLE_TICKET_CREATED) },
      { type: 'snippet', title: 'call.completed', code: json(EXAMPLE_CALL_COMPLETED) },
      { type: 'snippet', title: 'ticket.updated (to a callback_url)', code: json(EXAMPLE_TICKET_UPDATED) },
      { type: 'example', title: 'Receive webhooks', code: samples.webhookReceiver },
    ],
    authentication: [
      {
        type: 'text',
        markup: `Every request is authenticated with an API key, sent as a bearer token in the \`Authorization\` header:

**Authorization: Bearer ${API_KEY_PREFIX}…**

### Creating keys

Owners and admins of your account create keys in the dashboard's Developers page (\`${DEVELOPERS_PAGE_PATH}\`): a name and the scopes the key may use. The key (\`${API_KEY_PREFIX}\` and 40 characters) is shown once, when it is created; afterwards the page shows only its first characters and when it was last used. A key acts for your account only, never beyond its scopes:

${list(apiKeyScopes.map((scope) => `**${scope}:** ${apiKeyScopeDescriptions[scope]}.`))}

### Rolling and revoking

Roll a key to replace it: you get a new key with the same name and scopes, and the old one keeps working for the grace period you choose (${apiKeyGraceHours.map((each) => (each === 0 ? 'none' : hours(each))).join(', ')}), so you can deploy the new key first. Revoke a key to stop it at once.

### 401 and 403

- **401 Unauthorized** (\`authentication_error\`, \`${apiErrorCodes.invalidApiKey}\`): the key is missing, mistyped, revoked, or rolled and past its grace period.
- **403 Forbidden** (\`permission_error\`, \`${apiErrorCodes.missingScope}\`): the key is valid but lacks the scope the endpoint needs.

### Looking after your keys

- Store keys in your secret manager or environment variables, never in source code.
- Call the API from your servers only. A key in a web page or a mobile app can be copied by anyone.
- Use a separate key for each system, with only the scopes it needs, so you can revoke one without stopping the others.
- If a key may have leaked, revoke it in Developers straight away and create a new one.`,
      },
      { type: 'example', title: 'An authenticated client', code: samples.authenticatedClient },
    ],
    integrations: [
      {
        type: 'text',
        markup: `Most teams never need to write code to work with us: we connect to 200+ platforms out of the box. The API is there for everything else.

### CRM and phone systems from your dashboard

Open the Integrations tab of your customer dashboard and choose Add Integration. Pick the type, name the connection, paste the API key from the other system and, if you use one, a webhook URL. Types available there today:

- **CRM:** HubSpot, Salesforce and Zoho.
- **Phone and dialer:** Twilio, Dialpad and RingCentral.

Keys and tokens are encrypted at rest and never shown again once saved. Once an integration is active, calls, leads and conversions appear on the KPI tab of your dashboard.

### Timelines

- A standard API integration takes 2-5 business days.
- Complex integrations, with custom data mapping, several systems or a security review, take 1-2 weeks.

Our integration team works with your developers from the first call, and the examples in Code Examples are a good place to start.`,
      },
    ],
    'code-examples': [
      {
        type: 'text',
        markup: `Complete programs in JavaScript (Node.js 18 or later, nothing to install), Python 3 (with requests, and Flask for the receiver) and PHP 8 (php-cli as it comes, no extensions). Each reads your API key from \`${API_KEY_VARIABLE}\` and the receivers read the endpoint's signing secret from \`${WEBHOOK_SECRET_VARIABLE}\`. Pick your language once: every example on this page follows it.`,
      },
      { type: 'example', title: 'Create a ticket', code: samples.createTicket },
      { type: 'example', title: 'Stay within the rate limit', code: samples.rateLimitAware },
      { type: 'example', title: 'Handle webhook events', code: samples.webhookReceiver },
    ],
  };
  return DOCS_SECTIONS.map((section) => ({ ...section, blocks: blocks[section.id] }));
}

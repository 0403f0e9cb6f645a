import { jsonSchemaOf as jsonSchema, type JsonSchema } from '../json-schema';
import { apiKeyScopes, apiKeyScopeDescriptions } from '../developers/api-keys';
import {
  apiErrorBodySchema,
  IDEMPOTENCY_KEY_MAX_LENGTH,
  IDEMPOTENCY_KEY_TTL_HOURS,
  rateLimitHeaders,
  v1AgentListSchema,
  v1CreateTicketRequestSchema,
  v1TicketListSchema,
  v1TicketSchema,
  V1_LIST_DEFAULT_LIMIT,
  V1_LIST_MAX_LIMIT,
  V1_RATE_LIMIT,
} from './v1';
import {
  v1CreatedWebhookEndpointSchema,
  v1CreateWebhookEndpointRequestSchema,
  v1DeletedWebhookEndpointSchema,
  v1UpdateWebhookEndpointRequestSchema,
  v1WebhookEndpointListSchema,
  v1WebhookEndpointSchema,
} from './v1-webhook-endpoints';

// `/v1/openapi.json`: written from the schemas the handlers validate with, so the two cannot disagree.
// The docs page's API reference is written from this document too.

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: JsonSchema) => ({ 'application/json': { schema } });

const rateLimitResponseHeaders = {
  [rateLimitHeaders.limit]: { $ref: '#/components/headers/RateLimitLimit' },
  [rateLimitHeaders.remaining]: { $ref: '#/components/headers/RateLimitRemaining' },
  [rateLimitHeaders.reset]: { $ref: '#/components/headers/RateLimitReset' },
  'X-Request-Id': { $ref: '#/components/headers/RequestId' },
};

const errorResponse = (description: string) => ({
  description,
  headers: rateLimitResponseHeaders,
  content: json(ref('Error')),
});

/** The answers every authenticated operation may give besides its own. */
const commonErrors = {
  '401': errorResponse('The API key is missing, malformed, revoked or expired.'),
  '403': errorResponse('The API key lacks the scope this operation needs.'),
  '429': {
    ...errorResponse(`The key made ${V1_RATE_LIMIT} requests in the last hour.`),
    headers: {
      ...rateLimitResponseHeaders,
      'Retry-After': { schema: { type: 'integer' }, description: 'Seconds to wait.' },
    },
  },
};

const listParameters = [
  {
    name: 'limit',
    in: 'query',
    description: `How many objects a page holds, from 1 to ${V1_LIST_MAX_LIMIT}.`,
    schema: { type: 'integer', minimum: 1, maximum: V1_LIST_MAX_LIMIT, default: V1_LIST_DEFAULT_LIMIT },
  },
  {
    name: 'starting_after',
    in: 'query',
    description: "The page after this object's id: pass the previous page's `next_cursor`.",
    schema: { type: 'string' },
  },
];

const ok = (description: string, schema: string) => ({
  description,
  headers: rateLimitResponseHeaders,
  content: json(ref(schema)),
});

/** `Idempotency-Key` on a POST that creates a `kind`. */
const idempotencyKeyParameter = (kind: string) => ({
  name: 'Idempotency-Key',
  in: 'header',
  description: `Retrying with the same key and body answers the first response instead of creating a second ${kind} (${IDEMPOTENCY_KEY_TTL_HOURS} hours).`,
  schema: { type: 'string', maxLength: IDEMPOTENCY_KEY_MAX_LENGTH },
});

const idParameter = { name: 'id', in: 'path', required: true, schema: { type: 'string' } };

/** The OpenAPI 3.1 document of the public API served from `serverUrl` (`https://…/v1`). */
export function v1OpenApiDocument(serverUrl: string) {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Millstone CX API',
      version: '1.0.0',
      description:
        `Create and follow support tickets, list the agents on your account and manage your webhook endpoints. Every request needs an API key ` +
        `(\`Authorization: Bearer mcx_live_…\`); each key may make ${V1_RATE_LIMIT} requests in any hour.`,
    },
    servers: [{ url: serverUrl }],
    security: [{ apiKey: [] }],
    paths: {
      '/tickets': {
        post: {
          operationId: 'createTicket',
          summary: 'Create a ticket',
          description: 'Opens a support ticket for one of your customers. Needs the `tickets:write` scope.',
          parameters: [idempotencyKeyParameter('ticket')],
          requestBody: { required: true, content: json(ref('CreateTicketRequest')) },
          responses: {
            '201': ok('The ticket was created.', 'Ticket'),
            '400': errorResponse('A field is missing or invalid (`param` names it).'),
            ...commonErrors,
          },
        },
        get: {
          operationId: 'listTickets',
          summary: 'List tickets',
          description: "Your account's tickets, newest first. Needs the `tickets:read` scope.",
          parameters: listParameters,
          responses: { '200': ok('A page of tickets.', 'TicketList'), ...commonErrors },
        },
      },
      '/tickets/{id}': {
        get: {
          operationId: 'getTicket',
          summary: 'Fetch a ticket',
          description: 'Needs the `tickets:read` scope. An id that is not one of your tickets answers 404.',
          parameters: [idParameter],
          responses: {
            '200': ok('The ticket.', 'Ticket'),
            '404': errorResponse('No such ticket on your account.'),
            ...commonErrors,
          },
        },
      },
      '/agents': {
        get: {
          operationId: 'listAgents',
          summary: 'List your agents',
          description: 'The agents assigned to your account. Needs the `agents:read` scope.',
          parameters: listParameters,
          responses: { '200': ok('A page of agents.', 'AgentList'), ...commonErrors },
        },
      },
      '/webhook_endpoints': {
        post: {
          operationId: 'createWebhookEndpoint',
          summary: 'Create a webhook endpoint',
          description:
            'Registers a URL to receive the events you choose. The answer carries the `secret` that signs its deliveries, shown this once. A URL that resolves to a private, loopback or link-local address is refused (400, `param` `url`). Needs the `webhooks:manage` scope.',
          parameters: [idempotencyKeyParameter('webhook endpoint')],
          requestBody: { required: true, content: json(ref('CreateWebhookEndpointRequest')) },
          responses: {
            '201': ok('The endpoint was created.', 'CreatedWebhookEndpoint'),
            '400': errorResponse('A field is missing or invalid (`param` names it).'),
            ...commonErrors,
          },
        },
        get: {
          operationId: 'listWebhookEndpoints',
          summary: 'List webhook endpoints',
          description: "Your account's webhook endpoints, newest first. Needs the `webhooks:manage` scope.",
          parameters: listParameters,
          responses: { '200': ok('A page of webhook endpoints.', 'WebhookEndpointList'), ...commonErrors },
        },
      },
      '/webhook_endpoints/{id}': {
        get: {
          operationId: 'getWebhookEndpoint',
          summary: 'Fetch a webhook endpoint',
          description:
            'Needs the `webhooks:manage` scope. An id that is not one of your endpoints answers 404.',
          parameters: [idParameter],
          responses: {
            '200': ok('The endpoint.', 'WebhookEndpoint'),
            '404': errorResponse('No such webhook endpoint on your account.'),
            ...commonErrors,
          },
        },
        post: {
          operationId: 'updateWebhookEndpoint',
          summary: 'Update a webhook endpoint',
          description:
            'Changes any of `url`, `events`, `description` and `enabled` (`false` pauses deliveries). Needs the `webhooks:manage` scope.',
          parameters: [idParameter],
          requestBody: { required: true, content: json(ref('UpdateWebhookEndpointRequest')) },
          responses: {
            '200': ok('The endpoint as updated.', 'WebhookEndpoint'),
            '400': errorResponse('A field is invalid (`param` names it).'),
            '404': errorResponse('No such webhook endpoint on your account.'),
            ...commonErrors,
          },
        },
        delete: {
          operationId: 'deleteWebhookEndpoint',
          summary: 'Delete a webhook endpoint',
          description: 'Deletes the endpoint and its delivery log. Needs the `webhooks:manage` scope.',
          parameters: [idParameter],
          responses: {
            '200': ok('The endpoint was deleted.', 'DeletedWebhookEndpoint'),
            '404': errorResponse('No such webhook endpoint on your account.'),
            ...commonErrors,
          },
        },
      },
    },
    components: {
      securitySchemes: {
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          description: `An API key from the dashboard's Developers page. Scopes: ${apiKeyScopes
            .map((scope) => `\`${scope}\` (${apiKeyScopeDescriptions[scope]})`)
            .join(', ')}.`,
        },
      },
      headers: {
        RateLimitLimit: { description: 'Requests allowed per hour.', schema: { type: 'integer' } },
        RateLimitRemaining: {
          description: 'Requests left in the current window.',
          schema: { type: 'integer' },
        },
        RateLimitReset: {
          description: 'When a request is freed, in seconds since the Unix epoch.',
          schema: { type: 'integer' },
        },
        RequestId: { description: "The request's id: quote it to support.", schema: { type: 'string' } },
      },
      schemas: {
        CreateTicketRequest: jsonSchema(v1CreateTicketRequestSchema, 'input'),
        Ticket: jsonSchema(v1TicketSchema, 'output'),
        TicketList: jsonSchema(v1TicketListSchema, 'output'),
        AgentList: jsonSchema(v1AgentListSchema, 'output'),
        CreateWebhookEndpointRequest: jsonSchema(v1CreateWebhookEndpointRequestSchema, 'input'),
        UpdateWebhookEndpointRequest: jsonSchema(v1UpdateWebhookEndpointRequestSchema, 'input'),
        WebhookEndpoint: jsonSchema(v1WebhookEndpointSchema, 'output'),
        CreatedWebhookEndpoint: jsonSchema(v1CreatedWebhookEndpointSchema, 'output'),
        WebhookEndpointList: jsonSchema(v1WebhookEndpointListSchema, 'output'),
        DeletedWebhookEndpoint: jsonSchema(v1DeletedWebhookEndpointSchema, 'output'),
        Error: jsonSchema(apiErrorBodySchema, 'output'),
      },
    },
  };
}
export type V1OpenApiDocument = ReturnType<typeof v1OpenApiDocument>;

// The OpenAPI 3.1 document of the internal HTTP API (`/api/*` through the gateway), written from the
// routes Nest registers (`http-routes.mjs`) and the zod schemas they validate with.

/** @typedef {import('./http-routes.mjs').HttpRoute} HttpRoute */
/** @typedef {Record<string, any>} JsonSchema */

const reasons = /** @type {Record<number, string>} */ ({
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  204: 'No Content',
});

/**
 * The query parameters of a query schema: one per property of its JSON Schema.
 * @param {JsonSchema} schema
 */
function queryParameters(schema) {
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).map(([name, property]) => ({
    name,
    in: 'query',
    ...(required.has(name) ? { required: true } : {}),
    schema: property,
  }));
}

/**
 * The OpenAPI 3.1 document of `routes`.
 * @param {HttpRoute[]} routes
 * @param {{ jsonSchemaOf(schema: unknown, io: 'input' | 'output'): JsonSchema, contractVersions: { httpApi: string } }} contracts
 */
export function httpApiDocument(routes, { jsonSchemaOf, contractVersions }) {
  /** @type {Record<string, Record<string, unknown>>} */
  const paths = {};
  for (const route of routes) {
    const parameters = [
      ...route.pathParameters.map((name) => ({
        name,
        in: 'path',
        required: true,
        schema: { type: 'string' },
      })),
      ...(route.querySchema ? queryParameters(jsonSchemaOf(route.querySchema, 'input')) : []),
    ];
    const requestBody = route.bodySchema
      ? {
          required: true,
          content: { 'application/json': { schema: jsonSchemaOf(route.bodySchema, 'input') } },
        }
      : route.takesBody
        ? {
            description:
              'Read by the handler itself (raw bytes, multipart or a signed body): no schema to show.',
            content: { '*/*': {} },
          }
        : undefined;
    (paths[route.path] ??= {})[route.method] = {
      operationId: route.operationId,
      tags: [route.service],
      'x-service': route.service,
      ...(parameters.length > 0 ? { parameters } : {}),
      ...(requestBody ? { requestBody } : {}),
      responses: {
        [String(route.status)]: { description: reasons[route.status] ?? `HTTP ${route.status}` },
        default: {
          description: 'An error: `{ statusCode, message }`.',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
        },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Millstone CX portal HTTP API (/api)',
      version: contractVersions.httpApi,
      description:
        "The portal's own HTTP API, served through the gateway to the shell and its sections: every route the " +
        "services (and the gateway itself) register under a prefix of the gateway's route table. Written from the " +
        'NestJS route metadata and the zod schemas of `libs/contracts` the routes validate with; answers are ' +
        "described by their status only. Not for customers' developers: they use `/v1` (`/v1/openapi.json`).",
    },
    servers: [{ url: '/', description: 'The gateway (http://localhost:8080 under `npm start`).' }],
    paths,
    components: {
      schemas: {
        Error: {
          type: 'object',
          properties: { statusCode: { type: 'integer' }, message: { type: 'string' } },
          required: ['statusCode', 'message'],
        },
      },
    },
  };
}

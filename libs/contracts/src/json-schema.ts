import { z } from 'zod';

/** A JSON Schema (draft 2020-12) as the contract documents carry it. */
export type JsonSchema = Record<string, unknown>;

/**
 * A zod schema as JSON Schema (draft 2020-12, without its `$schema`), for the documents written from
 * the contracts: the public API's `/v1/openapi.json`, and the committed `openapi.json` (the `/api`
 * HTTP API) and `asyncapi.json` (the events). `io` says which side of a transform is described: a
 * request body is the `input` a handler accepts, an answer or an event payload the `output` it sends.
 * What JSON Schema cannot say (a refinement, a transform) is written as "any value".
 */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    io,
    target: 'draft-2020-12',
    unrepresentable: 'any',
    // RFC 3339 says what a date-time is; zod's long pattern for it adds nothing for a reader.
    override: (context) => {
      if (context.jsonSchema.format === 'date-time') delete context.jsonSchema.pattern;
    },
  });
  return rest;
}

// The API Reference section written from the OpenAPI document `/v1/openapi.json` serves
// (`v1OpenApiDocument` of @portal/contracts, itself written from the zod schemas the handlers validate
// with): each operation's method, path, summary, description, parameters, body fields and answers come
// from it, so the page and the document cannot disagree (ADR 0204).

/** The parts of a JSON Schema the reference reads. */
export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  const?: unknown;
  enum?: readonly unknown[];
  default?: unknown;
  description?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  properties?: Record<string, JsonSchema>;
  required?: readonly string[];
  items?: JsonSchema;
}

interface Parameter {
  name: string;
  in: string;
  description?: string;
  required?: boolean;
  schema: JsonSchema;
}

interface Response {
  description: string;
  content?: Record<string, { schema: JsonSchema }>;
}

export interface Operation {
  operationId: string;
  summary: string;
  description: string;
  parameters?: readonly Parameter[];
  requestBody?: { required?: boolean; content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, Response>;
}

/** What the reference reads of an OpenAPI 3.1 document. */
export interface OpenApiDocument {
  paths: Record<string, Partial<Record<'get' | 'post' | 'put' | 'patch' | 'delete', Operation>>>;
  components: { schemas: Record<string, JsonSchema> };
}

export interface ReferenceOperation {
  method: string;
  path: string;
  operation: Operation;
  /** The reference's text for it, in the content markup. */
  markup: string;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** The schema a `$ref` names, or the schema itself. */
function resolve(document: OpenApiDocument, schema: JsonSchema): JsonSchema {
  const name = schema.$ref?.replace('#/components/schemas/', '');
  return name ? (document.components.schemas[name] ?? schema) : schema;
}

/** The schema's kind in words: `string`, `integer`, `string or null`, `array of …`. */
function typeOf(document: OpenApiDocument, schema: JsonSchema): string {
  const resolved = resolve(document, schema);
  const types = Array.isArray(resolved.type) ? resolved.type : resolved.type ? [resolved.type] : ['any'];
  const named = types.map((type) => {
    if (type === 'array' && resolved.items) return `array of ${typeOf(document, resolved.items)}`;
    if (type === 'string' && resolved.format === 'date-time') return 'string (ISO 8601 date-time)';
    if (type === 'string' && resolved.format === 'uri') return 'string (URL)';
    return type;
  });
  return named.join(' or ');
}

const code = (value: unknown) => `\`${typeof value === 'string' ? value : JSON.stringify(value)}\``;

/** What the schema allows beyond its type: one of an enum, a constant, bounds, the default. */
function constraintsOf(schema: JsonSchema): string[] {
  const notes: string[] = [];
  if (schema.const !== undefined) notes.push(`always ${code(schema.const)}`);
  if (schema.enum) notes.push(`one of ${schema.enum.map(code).join(', ')}`);
  if (schema.minimum !== undefined && schema.maximum !== undefined) {
    notes.push(`${schema.minimum} to ${schema.maximum}`);
  }
  if (schema.maxLength !== undefined) notes.push(`at most ${schema.maxLength} characters`);
  if (schema.default !== undefined) notes.push(`default ${code(schema.default)}`);
  return notes;
}

/** `- **name** (where, type, required, one of …, default …): description.` */
function fieldLine(
  document: OpenApiDocument,
  name: string,
  schema: JsonSchema,
  { required, where }: { required: boolean; where?: string },
): string {
  const resolved = resolve(document, schema);
  const facts = [
    where,
    typeOf(document, resolved),
    required ? 'required' : 'optional',
    ...constraintsOf(resolved),
  ]
    .filter(Boolean)
    .join(', ');
  return `- **${name}** (${facts})${resolved.description ? `: ${resolved.description}` : ''}`;
}

function propertyLines(document: OpenApiDocument, schema: JsonSchema): string[] {
  const resolved = resolve(document, schema);
  return Object.entries(resolved.properties ?? {}).map(([name, property]) =>
    fieldLine(document, name, property, { required: resolved.required?.includes(name) ?? false }),
  );
}

const jsonSchemaOf = (content: Record<string, { schema: JsonSchema }> | undefined) =>
  content?.['application/json']?.schema;

/** The name of a component schema a `$ref` points at (`Ticket`), or null. */
const refName = (schema: JsonSchema | undefined) =>
  schema?.$ref?.replace('#/components/schemas/', '') ?? null;

function operationMarkup(
  document: OpenApiDocument,
  method: string,
  path: string,
  operation: Operation,
): string {
  const lines = [
    `### ${method.toUpperCase()} ${path}`,
    '',
    `**${operation.summary}.** ${operation.description}`,
  ];

  const parameters = operation.parameters ?? [];
  if (parameters.length > 0) {
    lines.push('', 'Parameters:', '');
    for (const parameter of parameters) {
      const where = parameter.in === 'header' ? 'header' : parameter.in === 'path' ? 'in the path' : 'query';
      lines.push(
        fieldLine(
          document,
          parameter.name,
          { ...parameter.schema, description: parameter.description ?? parameter.schema.description },
          { required: parameter.required ?? false, where },
        ),
      );
    }
  }

  const body = jsonSchemaOf(operation.requestBody?.content);
  if (body) {
    lines.push('', 'Body fields (JSON):', '', ...propertyLines(document, body));
  }

  lines.push('', 'Answers:', '');
  for (const [status, response] of Object.entries(operation.responses)) {
    const schema = jsonSchemaOf(response.content);
    const name = refName(schema);
    const returns = name && name !== 'Error' ? ` Returns a ${name} object.` : '';
    lines.push(`- **${status}:** ${response.description}${returns}`);
  }
  return lines.join('\n');
}

/** Every operation of the document, in its order, with its reference text. */
export function referenceOperations(document: OpenApiDocument): ReferenceOperation[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    METHODS.flatMap((method) => {
      const operation = item[method];
      return operation
        ? [{ method, path, operation, markup: operationMarkup(document, method, path, operation) }]
        : [];
    }),
  );
}

/** The fields of an object schema, in the content markup. */
export function fieldsMarkup(document: OpenApiDocument, schema: JsonSchema): string {
  return propertyLines(document, schema).join('\n');
}

/** The fields of a component schema (`Ticket`), in the content markup. */
export const schemaMarkup = (document: OpenApiDocument, name: string) =>
  fieldsMarkup(document, { $ref: `#/components/schemas/${name}` });

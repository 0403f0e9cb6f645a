import {
  apiErrorBodySchema,
  callbackEventTypes,
  callCompletedWebhookDataSchema,
  ticketCallbackDataSchema,
  ticketCreatedWebhookDataSchema,
  v1OpenApiDocument,
  v1TicketSchema,
  webhookPayloadSchema,
} from '@portal/contracts';
import {
  docsSections,
  EXAMPLE_CALL_COMPLETED,
  EXAMPLE_ERROR,
  EXAMPLE_TICKET,
  EXAMPLE_TICKET_CREATED,
  EXAMPLE_TICKET_UPDATED,
  type DocsBlock,
} from './docs';
import type { OpenApiDocument } from './docs-reference';

const BASE_URL = 'https://api.example.com/v1';
const sections = docsSections(BASE_URL);
const blocks = sections.flatMap((section) => section.blocks);
const text = (section: string) =>
  sections
    .find((each) => each.id === section)!
    .blocks.map((block) => (block.type === 'text' ? block.markup : ''))
    .join('\n');
const examples = blocks.filter(
  (block): block is Extract<DocsBlock, { type: 'example' }> => block.type === 'example',
);

describe('docsSections', () => {
  it('writes every sample for the base URL it is given, reading the key from MILLSTONE_API_KEY', () => {
    expect(JSON.stringify(sections)).not.toContain('millstonecx.com/v1');
    for (const { title, code } of examples) {
      for (const [language, source] of Object.entries(code)) {
        const receiver = /webhook/i.test(title);
        expect({
          title,
          language,
          reads: source.includes(receiver ? 'MILLSTONE_WEBHOOK_SECRET' : 'MILLSTONE_API_KEY'),
        }).toEqual({ title, language, reads: true });
        if (!receiver)
          expect({ title, language, base: source.includes(`${BASE_URL}`) }).toEqual({
            title,
            language,
            base: true,
          });
      }
    }
  });

  it('documents every operation of the OpenAPI document with its parameters, body fields and answers', () => {
    const document = v1OpenApiDocument(BASE_URL) as unknown as OpenApiDocument;
    const reference = text('api-reference');
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        expect(reference).toContain(`### ${method.toUpperCase()} ${path}\n`);
        expect(reference).toContain(`**${operation.summary}.** ${operation.description}`);
        for (const parameter of operation.parameters ?? [])
          expect(reference).toContain(`- **${parameter.name}** (`);
        for (const [status, response] of Object.entries(operation.responses)) {
          expect(reference).toContain(`- **${status}:** ${response.description}`);
        }
      }
    }
    const body = document.components.schemas.CreateTicketRequest!;
    for (const [name, field] of Object.entries(body.properties!)) {
      expect(reference).toContain(`- **${name}** (`);
      expect(reference).toContain(field.description!);
    }
    expect(reference).toContain(
      '- **customer_id** (string, required, at most 255 characters): Your identifier',
    );
    expect(reference).toContain('- **callback_url** (string (URL), optional, at most 2000 characters)');
    expect(reference).toContain(`${BASE_URL}/openapi.json`);
  });

  it("shows examples the API's own schemas accept", () => {
    expect(v1TicketSchema.parse(EXAMPLE_TICKET)).toEqual(EXAMPLE_TICKET);
    expect(apiErrorBodySchema.parse(EXAMPLE_ERROR)).toEqual(EXAMPLE_ERROR);
    expect(webhookPayloadSchema.parse(EXAMPLE_TICKET_CREATED)).toEqual(EXAMPLE_TICKET_CREATED);
    expect(ticketCreatedWebhookDataSchema.parse(EXAMPLE_TICKET_CREATED.data)).toEqual(
      EXAMPLE_TICKET_CREATED.data,
    );
    expect(callCompletedWebhookDataSchema.parse(EXAMPLE_CALL_COMPLETED.data)).toEqual(
      EXAMPLE_CALL_COMPLETED.data,
    );
    expect(webhookPayloadSchema.parse(EXAMPLE_TICKET_UPDATED)).toEqual(EXAMPLE_TICKET_UPDATED);
    expect(ticketCallbackDataSchema.parse(EXAMPLE_TICKET_UPDATED.data)).toEqual(EXAMPLE_TICKET_UPDATED.data);
    const snippets = blocks
      .filter((block) => block.type === 'snippet')
      .map((block) => JSON.parse(block.code) as unknown);
    expect(snippets).toEqual(
      expect.arrayContaining([
        EXAMPLE_TICKET,
        EXAMPLE_ERROR,
        EXAMPLE_TICKET_CREATED,
        EXAMPLE_CALL_COMPLETED,
        EXAMPLE_TICKET_UPDATED,
      ]),
    );
  });

  it('names every event a ticket’s callback_url is sent, and the secret that signs them', () => {
    const webhooks = text('webhooks');
    expect(webhooks).toContain('### Ticket callbacks');
    for (const type of callbackEventTypes) expect(webhooks).toContain(`**${type}:**`);
    expect(webhooks).toContain('callback signing secret');
  });
});

import { v1OpenApiDocument } from './openapi';

describe('the /v1 OpenAPI document', () => {
  const document = v1OpenApiDocument('https://portal.example.com/v1');

  it('is OpenAPI 3.1 served from the given base URL, with the documented operations', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.servers).toEqual([{ url: 'https://portal.example.com/v1' }]);
    expect(Object.keys(document.paths)).toEqual([
      '/tickets',
      '/tickets/{id}',
      '/agents',
      '/webhook_endpoints',
      '/webhook_endpoints/{id}',
    ]);
  });

  it('describes the ticket body from the schema the handler validates with', () => {
    const body = document.components.schemas.CreateTicketRequest as {
      properties: Record<string, { description?: string; enum?: string[]; default?: string }>;
      required: string[];
      additionalProperties: boolean;
    };
    expect(body.required).toEqual(['customer_id', 'subject']);
    expect(body.additionalProperties).toBe(false);
    expect(body.properties.priority).toMatchObject({ enum: ['low', 'medium', 'high'], default: 'medium' });
    expect(body.properties.customer_id.description).toBe('Your identifier for the customer.');
    expect(Object.keys(body.properties)).toEqual([
      'customer_id',
      'subject',
      'priority',
      'description',
      'callback_url',
    ]);
  });

  it('describes the error shape and the rate-limit headers', () => {
    const error = document.components.schemas.Error as { properties: { error: { required: string[] } } };
    expect(error.properties.error.required).toEqual(['type', 'code', 'message', 'param', 'request_id']);
    expect(Object.keys(document.paths['/agents'].get.responses['200'].headers)).toEqual([
      'X-RateLimit-Limit',
      'X-RateLimit-Remaining',
      'X-RateLimit-Reset',
      'X-Request-Id',
    ]);
  });
});

import { fromPublicId, toPublicId, v1CreateTicketRequestSchema, v1ListQuerySchema } from './v1';
import { createApiKeyRequestSchema, rollApiKeyRequestSchema } from '../developers/api-keys';

describe('public ids', () => {
  const uuid = '0b9e6f2c-1a7d-4e5f-8a9b-0c1d2e3f4a5b';

  it('show a uuid with its kind and read it back', () => {
    expect(toPublicId('ticket', uuid)).toBe('tkt_0b9e6f2c1a7d4e5f8a9b0c1d2e3f4a5b');
    expect(fromPublicId('ticket', toPublicId('ticket', uuid))).toBe(uuid);
  });

  it('refuse another kind, a short id and text around one', () => {
    expect(fromPublicId('agent', toPublicId('ticket', uuid))).toBeNull();
    expect(fromPublicId('ticket', 'tkt_0b9e6f2c')).toBeNull();
    expect(fromPublicId('ticket', ` ${toPublicId('ticket', uuid)}`)).toBeNull();
  });
});

describe('POST /v1/tickets body', () => {
  it('needs customer_id and subject, and defaults priority to medium', () => {
    const parsed = v1CreateTicketRequestSchema.parse({ customer_id: 'cus_1', subject: ' Broken ' });
    expect(parsed).toEqual({ customer_id: 'cus_1', subject: 'Broken', priority: 'medium' });
    const missing = v1CreateTicketRequestSchema.safeParse({ customer_id: '  ' });
    expect(missing.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['customer_id', 'customer_id is required'],
      ['subject', 'subject must be a string'],
    ]);
  });

  it('refuses an unknown priority, a non-http callback and unknown fields', () => {
    const result = v1CreateTicketRequestSchema.safeParse({
      customer_id: 'c',
      subject: 's',
      priority: 'urgent',
      callback_url: 'ftp://example.com',
      extra: 1,
    });
    expect(result.error?.issues.map((issue) => issue.path.join('.') || issue.code).sort()).toEqual([
      'callback_url',
      'priority',
      'unrecognized_keys',
    ]);
  });
});

describe('list query', () => {
  it('defaults the limit to 10 and bounds it to 1..100', () => {
    expect(v1ListQuerySchema.parse({})).toEqual({ limit: 10 });
    expect(v1ListQuerySchema.parse({ limit: '100' }).limit).toBe(100);
    expect(v1ListQuerySchema.safeParse({ limit: '0' }).success).toBe(false);
    expect(v1ListQuerySchema.safeParse({ limit: '101' }).success).toBe(false);
  });
});

describe('API key requests', () => {
  it('take a name and distinct known scopes', () => {
    expect(createApiKeyRequestSchema.safeParse({ name: 'CRM sync', scopes: ['tickets:read'] }).success).toBe(true);
    expect(createApiKeyRequestSchema.safeParse({ name: 'x', scopes: [] }).error?.issues[0].message).toBe(
      'Choose at least one scope',
    );
    expect(
      createApiKeyRequestSchema.safeParse({ name: 'x', scopes: ['tickets:read', 'tickets:read'] }).success,
    ).toBe(false);
    expect(createApiKeyRequestSchema.safeParse({ name: 'x', scopes: ['admin'] }).success).toBe(false);
  });

  it('roll with one of the offered grace periods only', () => {
    expect(rollApiKeyRequestSchema.parse({ graceHours: 24 })).toEqual({ graceHours: 24 });
    expect(rollApiKeyRequestSchema.safeParse({ graceHours: 5 }).error?.issues[0].message).toBe(
      'Grace period must be one of 0, 1, 24, 72, 168 hours',
    );
  });
});

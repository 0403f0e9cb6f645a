import {
  createEventEnvelope,
  errorBodySchema,
  eventEnvelopeSchema,
  events,
  eventTypes,
  featureListResponseSchema,
  findEventDefinition,
  isAdmin,
  isCustomer,
  organizationNameSchema,
  subjects,
} from './index';

describe('event envelope', () => {
  it('builds an envelope that its own schema accepts', () => {
    const envelope = createEventEnvelope('organization.created', { a: 1 });
    expect(eventEnvelopeSchema.parse(envelope)).toEqual(envelope);
    expect(envelope.version).toBe(1);
    expect(envelope.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Date(envelope.occurredAt).toISOString()).toBe(envelope.occurredAt);
  });

  it('gives every envelope its own id and keeps an explicit version', () => {
    const first = createEventEnvelope('x', {}, 3);
    const second = createEventEnvelope('x', {});
    expect(first.id).not.toBe(second.id);
    expect(first.version).toBe(3);
  });

  it.each([
    ['a non-uuid id', { id: '42' }],
    ['a fractional version', { version: 1.5 }],
    ['a non-ISO date', { occurredAt: 'yesterday' }],
    ['no data', { data: undefined }],
    ['an empty type', { type: '' }],
  ])('rejects an envelope with %s', (_label, override) => {
    const envelope = { ...createEventEnvelope('x', { a: 1 }), ...override };
    expect(eventEnvelopeSchema.safeParse(envelope).success).toBe(false);
  });
});

describe('event catalog', () => {
  it('names every subject portal.<entity>.<event> and every type uniquely', () => {
    const all = Object.values(events);
    for (const definition of all) {
      expect(definition.subject).toMatch(/^portal\.[a-z-]+\.[a-z-]+$/);
    }
    expect(new Set(all.map((e) => e.subject)).size).toBe(all.length);
    expect(new Set(all.map((e) => e.type)).size).toBe(all.length);
  });

  it('exposes the subjects and types maps', () => {
    expect(subjects.organizationCreated).toBe('portal.organizations.created');
    expect(subjects.userRegistered).toBe('portal.users.registered');
    expect(eventTypes.organizationCreated).toBe('organization.created');
  });

  it('finds a definition by type and validates its payload', () => {
    const definition = findEventDefinition('organization.created');
    expect(definition?.subject).toBe(subjects.organizationCreated);
    const good = {
      organizationId: globalThis.crypto.randomUUID(),
      name: 'Acme',
      planId: 'scale',
      timezone: 'America/New_York',
      createdAt: new Date().toISOString(),
    };
    expect(definition?.data.safeParse(good).success).toBe(true);
    expect(definition?.data.safeParse({ ...good, organizationId: 'nope' }).success).toBe(false);
    expect(findEventDefinition('unknown.type')).toBeUndefined();
  });
});

describe('identity contracts', () => {
  it('accepts the error body and rejects a success status', () => {
    expect(errorBodySchema.safeParse({ statusCode: 404, message: 'Not Found' }).success).toBe(true);
    expect(errorBodySchema.safeParse({ statusCode: 200, message: 'OK' }).success).toBe(false);
  });

  it('validates the feature list response', () => {
    const feature = {
      id: globalThis.crypto.randomUUID(),
      code: 'inbound-support',
      name: 'Inbound Support',
      description: 'd',
    };
    expect(featureListResponseSchema.safeParse({ features: [feature] }).success).toBe(true);
    expect(
      featureListResponseSchema.safeParse({ features: [{ ...feature, code: 'Inbound Support' }] }).success,
    ).toBe(false);
  });

  it('trims organization names and requires one', () => {
    expect(organizationNameSchema.parse('  Acme  ')).toBe('Acme');
    expect(organizationNameSchema.safeParse('   ').error?.issues[0].message).toBe(
      'Organization name is required',
    );
  });

  it('tells staff from customers', () => {
    expect(isAdmin('super_admin')).toBe(true);
    expect(isAdmin('customer')).toBe(false);
    expect(isCustomer('user')).toBe(true);
    expect(isCustomer(undefined)).toBe(false);
  });
});

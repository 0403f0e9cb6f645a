import { randomBytes, randomUUID } from 'node:crypto';
import {
  type CreateIntegrationRequest,
  type CreateIntegrationResponse,
  callCompletedDataSchema,
  customerLeadDataSchema,
  inboundMessages,
  subjects,
} from '@portal/contracts';
import { request, type SignedInUser, startForSuite } from '@portal/testing';
import { connectIntegration } from '../test/connect-integration';
import { startCrm } from '../test/crm-harness';
import { SecretBox } from '@portal/auth';
import { inboundSignatureHeader } from './inbound-signature';
import { integrationSecretContext } from './integration-secrets';

describe('POST /api/crm/inbound/:integrationId', () => {
  const crm = startForSuite(startCrm);
  let alice: SignedInUser;
  let dialer: CreateIntegrationResponse;

  const nowSeconds = () => Math.floor(Date.now() / 1000);
  const createIntegration = (who: SignedInUser, type: CreateIntegrationRequest['type'] = 'dialpad') =>
    connectIntegration(crm(), who, { type, name: `${type} line`, apiKey: `key-${randomUUID()}` });

  /** Posts `payload` (an object, sent as JSON, or raw text) the way a CRM or dialer does. */
  async function send(
    integrationId: string,
    payload: unknown,
    options: {
      secret?: string | null;
      at?: number;
      signedPayload?: string;
      contentType?: string;
    } = {},
  ): Promise<{ status: number; body: Record<string, unknown> }> {
    const raw = typeof payload === 'string' ? payload : JSON.stringify(payload);
    const secret = options.secret === undefined ? dialer.signingSecret : options.secret;
    const headers: Record<string, string> = { 'content-type': options.contentType ?? 'application/json' };
    if (secret !== null) {
      headers['x-portal-signature'] = inboundSignatureHeader(
        secret,
        options.signedPayload ?? raw,
        options.at ?? nowSeconds(),
      );
    }
    const response = await fetch(`${crm().baseUrl}/api/crm/inbound/${integrationId}`, {
      method: 'POST',
      headers,
      body: raw,
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  const callCompleted = (callId = `call-${randomUUID()}`, data: Record<string, unknown> = {}) => ({
    type: 'call.completed',
    occurred_at: '2026-03-02T09:15:30-05:00',
    data: { call_id: callId, duration: 312, resolution: 'resolved', agent_id: 'agent-7', ...data },
  });
  const outboxOf = async (subject: string, key: string, value: string) =>
    (await crm().dataSource.query(`SELECT * FROM outbox WHERE subject = $1 AND data->>'${key}' = $2`, [
      subject,
      value,
    ])) as { type: string; version: number; data: unknown }[];
  const callEvents = (callId: string) => outboxOf(subjects.callCompleted, 'callId', callId);
  const storedEvents = async (externalId: string) =>
    (await crm().dataSource.query('SELECT * FROM integration_events WHERE external_id = $1', [
      externalId,
    ])) as Record<string, unknown>[];

  const signatureRefused = { statusCode: 401, message: inboundMessages.signatureInvalid };
  const unavailable = { statusCode: 404, message: inboundMessages.integrationUnavailable };

  beforeAll(async () => {
    alice = await crm().signIn();
    dialer = await createIntegration(alice);
  });

  it('accepts a signed call.completed with a 202 and queues one portal.calls.completed', async () => {
    const event = callCompleted();
    const response = await send(dialer.id, event);
    expect(response.status).toBe(202);
    expect(response.body).toEqual({ received: true, duplicate: false });

    const queued = await callEvents(event.data.call_id);
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({ type: 'call.completed', version: 1 });
    expect(callCompletedDataSchema.parse(queued[0].data)).toEqual({
      integrationId: dialer.id,
      customerId: alice.id,
      organizationId: alice.organizationId,
      occurredAt: '2026-03-02T14:15:30.000Z',
      callId: event.data.call_id,
      durationSeconds: 312,
      resolution: 'resolved',
      agentId: 'agent-7',
    });

    const [stored] = await storedEvents(event.data.call_id);
    expect(stored).toMatchObject({
      integration_id: dialer.id,
      customer_id: alice.id,
      type: 'call.completed',
      payload: event,
    });
    expect(new Date(stored.occurred_at as string).toISOString()).toBe('2026-03-02T14:15:30.000Z');
  });

  it('counts a redelivered event once: 200 duplicate, no second portal event', async () => {
    const event = callCompleted();
    expect((await send(dialer.id, event)).status).toBe(202);
    // The sender retries later: a new signature over the same event.
    const again = await send(
      dialer.id,
      { ...event, data: { ...event.data, duration: 999 } },
      { at: nowSeconds() - 60 },
    );
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ received: true, duplicate: true });
    const queued = await callEvents(event.data.call_id);
    expect(queued).toHaveLength(1);
    expect(queued[0].data).toMatchObject({ durationSeconds: 312 });
    expect(await storedEvents(event.data.call_id)).toHaveLength(1);
  });

  it('counts an event once when it arrives many times at once', async () => {
    const event = callCompleted();
    const responses = await Promise.all(Array.from({ length: 6 }, () => send(dialer.id, event)));
    expect(responses.map((response) => response.status).sort()).toEqual([200, 200, 200, 200, 200, 202]);
    expect(await callEvents(event.data.call_id)).toHaveLength(1);
  });

  it('takes the time it was received when the event has none, and null for what it leaves out', async () => {
    const callId = `call-${randomUUID()}`;
    const before = Date.now();
    const response = await send(dialer.id, {
      type: 'call.completed',
      data: { call_id: callId, duration: 0 },
    });
    expect(response.status).toBe(202);
    const [queued] = await callEvents(callId);
    const data = callCompletedDataSchema.parse(queued.data);
    expect(data).toMatchObject({ durationSeconds: 0, resolution: null, agentId: null });
    expect(Date.parse(data.occurredAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(data.occurredAt)).toBeLessThanOrEqual(Date.now());
  });

  it('turns lead.created into portal.leads.generated and lead.converted into portal.leads.converted', async () => {
    const leadId = `lead-${randomUUID()}`;
    const created = await send(dialer.id, {
      type: 'lead.created',
      occurred_at: '2026-03-02T10:00:00Z',
      data: { lead_id: leadId, source: 'web form' },
    });
    expect(created).toEqual({ status: 202, body: { received: true, duplicate: false } });
    // The same lead converting is another event, not a repeat.
    const converted = await send(dialer.id, { type: 'lead.converted', data: { lead_id: leadId } });
    expect(converted).toEqual({ status: 202, body: { received: true, duplicate: false } });

    const [generated] = await outboxOf(subjects.leadGenerated, 'leadId', leadId);
    expect(generated.type).toBe('lead.generated');
    expect(customerLeadDataSchema.parse(generated.data)).toEqual({
      integrationId: dialer.id,
      customerId: alice.id,
      organizationId: alice.organizationId,
      occurredAt: '2026-03-02T10:00:00.000Z',
      leadId,
      source: 'web form',
    });
    const conversions = await outboxOf(subjects.leadConverted, 'leadId', leadId);
    expect(conversions).toHaveLength(1);
    expect(customerLeadDataSchema.parse(conversions[0].data)).toMatchObject({ leadId, source: null });
    // Neither is the contact form's lead event.
    expect(await outboxOf(subjects.leadCreated, 'leadId', leadId)).toEqual([]);

    const repeat = await send(dialer.id, { type: 'lead.created', data: { lead_id: leadId } });
    expect(repeat).toEqual({ status: 200, body: { received: true, duplicate: true } });
    expect(await outboxOf(subjects.leadGenerated, 'leadId', leadId)).toHaveLength(1);
  });

  it('keeps the same call id apart for two integrations', async () => {
    const other = await createIntegration(alice, 'ringcentral');
    const event = callCompleted();
    expect((await send(dialer.id, event)).status).toBe(202);
    expect((await send(other.id, event, { secret: other.signingSecret })).status).toBe(202);
    expect(await callEvents(event.data.call_id)).toHaveLength(2);
  });

  it.each<[string, (event: ReturnType<typeof callCompleted>) => Parameters<typeof send>[2]]>([
    ['no signature', () => ({ secret: null })],
    ['another secret', () => ({ secret: `pcs_${randomUUID()}` })],
    ['a signature six minutes old', () => ({ at: nowSeconds() - 6 * 60 })],
    ['a signature six minutes ahead', () => ({ at: nowSeconds() + 6 * 60 })],
    [
      'a body changed after signing',
      (event) => ({ signedPayload: JSON.stringify({ ...event, data: { ...event.data, duration: 1 } }) }),
    ],
  ])('refuses %s with a 401, queuing nothing', async (_case, options) => {
    const event = callCompleted();
    const response = await send(dialer.id, event, options(event));
    expect(response.status).toBe(401);
    expect(response.body).toEqual(signatureRefused);
    expect(await callEvents(event.data.call_id)).toEqual([]);
    expect(await storedEvents(event.data.call_id)).toEqual([]);
  });

  it("refuses an event signed with another integration's secret", async () => {
    const bob = await crm().signIn();
    const bobsDialer = await createIntegration(bob);
    const event = callCompleted();
    expect((await send(bobsDialer.id, event, { secret: dialer.signingSecret })).body).toEqual(
      signatureRefused,
    );
    expect(await callEvents(event.data.call_id)).toEqual([]);
  });

  it('answers 404 for an unknown, malformed, deleted or disconnected integration', async () => {
    const event = callCompleted();
    expect(await send(randomUUID(), event)).toEqual({ status: 404, body: unavailable });
    expect(await send('not-an-id', event)).toEqual({ status: 404, body: unavailable });

    const deleted = await createIntegration(alice);
    await request(crm().baseUrl, 'DELETE', `/api/crm/integrations/${deleted.id}`, { token: alice.token });
    expect(await send(deleted.id, event, { secret: deleted.signingSecret })).toEqual({
      status: 404,
      body: unavailable,
    });

    const disconnected = await createIntegration(alice);
    await crm().dataSource.query('UPDATE integrations SET is_active = false WHERE id = $1', [
      disconnected.id,
    ]);
    expect(await send(disconnected.id, event, { secret: disconnected.signingSecret })).toEqual({
      status: 404,
      body: unavailable,
    });
    expect(await callEvents(event.data.call_id)).toEqual([]);
  });

  it('answers 503, not 500, when the secret was sealed under another key (CRM_ENCRYPTION_KEY changed)', async () => {
    const orphan = await createIntegration(alice);
    const otherKey = new SecretBox(randomBytes(32));
    await crm().dataSource.query('UPDATE integrations SET signing_secret = $2 WHERE id = $1', [
      orphan.id,
      otherKey.encrypt(orphan.signingSecret, integrationSecretContext(orphan.id, 'signing_secret')),
    ]);
    const event = callCompleted();
    expect(await send(orphan.id, event, { secret: orphan.signingSecret })).toEqual({
      status: 503,
      body: { statusCode: 503, message: inboundMessages.integrationUnreadable },
    });
    expect(await callEvents(event.data.call_id)).toEqual([]);
  });

  it('drops the events of an integration when it is deleted', async () => {
    const doomed = await createIntegration(alice);
    const event = callCompleted();
    expect((await send(doomed.id, event, { secret: doomed.signingSecret })).status).toBe(202);
    await request(crm().baseUrl, 'DELETE', `/api/crm/integrations/${doomed.id}`, { token: alice.token });
    expect(await storedEvents(event.data.call_id)).toEqual([]);
  });

  it.each<[string, unknown, string]>([
    [
      'an unknown type',
      { type: 'call.started', data: { call_id: 'c-1' } },
      'type must be call.completed, lead.created or lead.converted',
    ],
    ['no call_id', { type: 'call.completed', data: { duration: 10 } }, 'call_id is required'],
    [
      'a negative duration',
      { type: 'call.completed', data: { call_id: 'c-1', duration: -5 } },
      'duration must be a whole number of seconds',
    ],
    [
      'a bad occurred_at',
      { type: 'lead.created', occurred_at: 'yesterday', data: { lead_id: 'l-1' } },
      'occurred_at must be an ISO 8601 date-time',
    ],
    [
      'an unknown field',
      { type: 'lead.created', data: { lead_id: 'l-1', score: 9 } },
      'data: Unrecognized key: "score"',
    ],
    ['bytes that are not JSON', '{"type": "call.completed",', 'The body must be a JSON event'],
    ['an empty body', '', 'The body must be a JSON event'],
  ])('refuses a signed event with %s: 400 saying why, nothing stored', async (_case, payload, message) => {
    const before = (await crm().dataSource.query('SELECT count(*)::int AS count FROM integration_events'))[0]
      .count;
    const response = await send(dialer.id, payload);
    expect(response).toEqual({ status: 400, body: { statusCode: 400, message } });
    expect(
      (await crm().dataSource.query('SELECT count(*)::int AS count FROM integration_events'))[0].count,
    ).toBe(before);
  });

  it('checks the signature before the body, and the integration before the signature', async () => {
    const invalid = { type: 'call.completed', data: {} };
    expect((await send(dialer.id, invalid, { secret: null })).status).toBe(401);
    expect((await send(randomUUID(), invalid, { secret: null })).status).toBe(404);
  });

  it('answers 415 JSON to a body that is not sent as JSON', async () => {
    for (const contentType of ['text/plain', 'application/x-www-form-urlencoded']) {
      const response = await send(dialer.id, callCompleted(), { contentType });
      expect(response).toEqual({ status: 415, body: { statusCode: 415, message: expect.any(String) } });
    }
  });

  it('needs no bearer token, and a token is no substitute for the signature', async () => {
    const event = callCompleted();
    const response = await fetch(`${crm().baseUrl}/api/crm/inbound/${dialer.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${alice.token}` },
      body: JSON.stringify(event),
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual(signatureRefused);
  });
});

import { randomUUID } from 'node:crypto';
import {
  type CreatedWebhookEndpoint,
  toPublicId,
  type TicketCreatedData,
  WEBHOOK_EVENT_ID_HEADER,
  WEBHOOK_LOG_RETENTION_DAYS,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TEST_EVENT_TYPE,
  type WebhookDelivery,
  type WebhookDeliveryPage,
  webhookDeliveryPageSchema,
  webhookDeliverySchema,
  webhookPayloadSchema,
} from '@portal/contracts';
import { SecretBox } from '@portal/auth';
import {
  request,
  type SignedInUser,
  sleep,
  startForSuite,
  startOnTestEventSpace,
  waitFor,
} from '@portal/testing';
import { isInboundSignatureValid } from '../integrations/inbound-signature';
import { startCrm } from '../test/crm-harness';
import { startReceiver } from '../test/webhook-receiver';
import { CallbackSecrets } from './callback-secrets';
import { WEBHOOK_USER_AGENT } from './webhook-sender';
import { systemResolver } from '@portal/nest-http';
import { WEBHOOK_OPTIONS } from './webhook-options';
import { WebhookWorker } from './webhook-worker';

const TIMEOUT_MS = 1500;

describe('crm: webhook deliveries from events', () => {
  /** The webhook clock runs this far ahead of real time (the retry window passes without waiting a day). */
  let offset = 0;
  const stack = startForSuite(async () => {
    const receiver = await startReceiver();
    const started = await startOnTestEventSpace('crm', (accountEvents) =>
      startCrm({
        accountEvents,
        webhooks: {
          webhooks: { allowPrivateUrls: true, concurrency: 16 },
          // A name no DNS knows: only the address crm checked can be connected to.
          webhookResolve: async (host) =>
            host === 'hooks.pinned.test' ? [{ address: '127.0.0.1', family: 4 }] : systemResolver(host),
          webhookSchedule: {
            now: () => new Date(Date.now() + offset),
            random: () => 0.5,
            timeoutMs: TIMEOUT_MS,
          },
        },
      }),
    );
    return {
      ...started,
      receiver,
      close: async () => {
        await started.close();
        await receiver.close();
      },
    };
  });
  const receiver = () => stack().receiver;
  const worker = () => stack().crm.app.get(WebhookWorker);
  const rows = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) =>
    stack().crm.dataSource.query(sql, params) as Promise<T[]>;
  const api = <T = Record<string, unknown>>(
    who: SignedInUser,
    method: string,
    path: string,
    body?: unknown,
  ) => request<T>(stack().crm.baseUrl, method, `/api/developers/webhooks${path}`, { token: who.token, body });
  const createEndpoint = async (
    who: SignedInUser,
    path: string,
    events = ['ticket.created', 'call.completed'],
  ) => {
    const response = await api<CreatedWebhookEndpoint>(who, 'POST', '', {
      url: receiver().url(path),
      events,
    });
    expect(response.status).toBe(201);
    return response.body;
  };
  const deliveriesOf = async (who: SignedInUser, endpointId: string) => {
    const response = await api<WebhookDeliveryPage>(who, 'GET', `/${endpointId}/deliveries`);
    expect(response.status).toBe(200);
    return webhookDeliveryPageSchema.parse(response.body).items;
  };
  const ticket = (who: SignedInUser, overrides: Partial<TicketCreatedData> = {}): TicketCreatedData => ({
    ticketId: randomUUID(),
    customerId: who.id,
    organizationId: who.organizationId,
    title: 'Calls drop after 30 seconds',
    priority: 'high',
    status: 'open',
    createdAt: new Date().toISOString(),
    ...overrides,
  });

  it('posts ticket.created, signed as inbound events are, within the 1 s budget, once per event id whatever the redeliveries', async () => {
    const owner = await stack().crm.signIn();
    const other = await stack().crm.signIn();
    const endpoint = await createEndpoint(owner, '/ok/tickets');
    await createEndpoint(owner, '/ok/calls-only', ['call.completed']);
    const disabled = await createEndpoint(owner, '/ok/disabled', ['ticket.created']);
    expect((await api(owner, 'PATCH', `/${disabled.id}`, { enabled: false })).status).toBe(200);
    const othersEndpoint = await createEndpoint(other, '/ok/other-org');

    const data = ticket(owner, { customerReference: 'cus_8812' });
    const published = Date.now();
    const envelope = await stack().events.publish('ticketCreated', data);
    const [got] = await waitFor(async () => {
      const hits = receiver().to('/ok/tickets');
      return hits.length > 0 && hits;
    }, 'the ticket.created delivery');
    expect(got.at - published).toBeLessThan(1000);

    expect(got.headers['content-type']).toBe('application/json');
    expect(got.headers['user-agent']).toBe(WEBHOOK_USER_AGENT);
    expect(got.headers[WEBHOOK_EVENT_ID_HEADER.toLowerCase()]).toBe(toPublicId('event', envelope.id));
    const signature = got.headers[WEBHOOK_SIGNATURE_HEADER.toLowerCase()] as string;
    expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    const nowSeconds = Math.floor(Date.now() / 1000);
    expect(
      isInboundSignatureValid(signature, Buffer.from(got.body), endpoint.signingSecret, nowSeconds),
    ).toBe(true);
    expect(
      isInboundSignatureValid(signature, Buffer.from(`${got.body} `), endpoint.signingSecret, nowSeconds),
    ).toBe(false);
    expect(
      isInboundSignatureValid(signature, Buffer.from(got.body), othersEndpoint.signingSecret, nowSeconds),
    ).toBe(false);
    expect(webhookPayloadSchema.parse(JSON.parse(got.body))).toEqual({
      id: toPublicId('event', envelope.id),
      event: 'ticket.created',
      created_at: envelope.occurredAt,
      data: {
        id: toPublicId('ticket', data.ticketId),
        customer_id: 'cus_8812',
        subject: 'Calls drop after 30 seconds',
        created_at: data.createdAt,
      },
    });

    // The same event again (JetStream redelivers, a relay republishes): nothing more is sent.
    await stack().events.publish('ticketCreated', data, envelope);
    await stack().events.publish('ticketCreated', data, envelope);
    await sleep(1000);
    expect(receiver().to('/ok/tickets')).toHaveLength(1);
    const [delivery] = await waitFor(async () => {
      const items = await deliveriesOf(owner, endpoint.id);
      return items[0]?.status === 'succeeded' && items;
    }, 'the delivery to succeed');
    expect(delivery).toMatchObject({
      eventId: toPublicId('event', envelope.id),
      eventType: 'ticket.created',
      requestBody: got.body,
      nextAttemptAt: null,
      attempts: [{ attempt: 1, responseStatus: 200, responseBody: 'thanks', error: null }],
    });
    expect(await deliveriesOf(owner, endpoint.id)).toHaveLength(1);
    // Not subscribed, disabled, or another organization's: nothing.
    expect(receiver().to('/ok/calls-only')).toHaveLength(0);
    expect(receiver().to('/ok/disabled')).toHaveLength(0);
    expect(receiver().to('/ok/other-org')).toHaveLength(0);
    expect(await rows('SELECT 1 FROM webhook_deliveries WHERE event_id = $1', [envelope.id])).toHaveLength(1);
  });

  it('posts call.completed with the call, its duration, resolution and agent', async () => {
    const owner = await stack().crm.signIn();
    await createEndpoint(owner, '/ok/calls', ['call.completed']);
    const envelope = await stack().events.publish('callCompleted', {
      integrationId: randomUUID(),
      customerId: owner.id,
      organizationId: owner.organizationId,
      occurredAt: new Date().toISOString(),
      callId: 'call-77',
      durationSeconds: 312,
      resolution: 'resolved',
      agentId: 'agent-7',
    });
    const [got] = await waitFor(async () => {
      const hits = receiver().to('/ok/calls');
      return hits.length > 0 && hits;
    }, 'the call.completed delivery');
    expect(JSON.parse(got.body)).toEqual({
      id: toPublicId('event', envelope.id),
      event: 'call.completed',
      created_at: envelope.occurredAt,
      data: { call_id: 'call-77', duration: 312, resolution: 'resolved', agent_id: 'agent-7' },
    });
  });

  it('retries a receiver answering 500 with exponential back-off and jitter, then succeeds once it answers 2xx', async () => {
    const owner = await stack().crm.signIn();
    const endpoint = await createEndpoint(owner, '/flaky');
    receiver().answers.set('/flaky', 500);
    await stack().events.publish('ticketCreated', ticket(owner));
    const retrying = async (attempts: number) =>
      waitFor(async () => {
        const [delivery] = await deliveriesOf(owner, endpoint.id);
        return delivery?.attempts.length === attempts && delivery.status === 'retrying' && delivery;
      }, `attempt ${attempts} to fail`);

    // random() = 0.5: half of 30 s after the first failure, half of 60 s after the second.
    const first = await retrying(1);
    const ended = (delivery: WebhookDelivery) => {
      const last = delivery.attempts.at(-1)!;
      return Date.parse(last.at) + last.durationMs;
    };
    expect(first.attempts[0]).toMatchObject({
      responseStatus: 500,
      responseBody: 'boom: database down',
      error: null,
    });
    expect(Date.parse(first.nextAttemptAt!) - ended(first)).toBe(15_000);
    await sleep(300);
    expect(receiver().to('/flaky')).toHaveLength(1); // not before it is due

    offset += 15_000;
    worker().wake();
    const second = await retrying(2);
    expect(Date.parse(second.nextAttemptAt!) - ended(second)).toBe(30_000);
    expect(receiver().to('/flaky')).toHaveLength(2);

    receiver().answers.set('/flaky', 204);
    offset += 30_000;
    worker().wake();
    const done = await waitFor(async () => {
      const [delivery] = await deliveriesOf(owner, endpoint.id);
      return delivery?.status === 'succeeded' && delivery;
    }, 'the third attempt to succeed');
    expect(done.attempts.map((attempt) => attempt.responseStatus)).toEqual([500, 500, 204]);
    const bodies = new Set(
      receiver()
        .to('/flaky')
        .map((each) => each.body),
    );
    expect(bodies.size).toBe(1);
  });

  it('cuts a receiver that does not answer at the deadline, and serves other endpoints meanwhile', async () => {
    const owner = await stack().crm.signIn();
    const slow = await createEndpoint(owner, '/slow');
    const fast = await createEndpoint(owner, '/ok/fast');
    const started = Date.now();
    for (let i = 0; i < 3; i += 1) expect((await api(owner, 'POST', `/${slow.id}/test`)).status).toBe(202);
    await waitFor(async () => receiver().to('/slow').length >= 2, 'two attempts at the slow receiver');
    const test = await api<WebhookDelivery>(owner, 'POST', `/${fast.id}/test`);
    expect(test.status).toBe(202);
    expect(webhookDeliverySchema.parse(test.body)).toMatchObject({ eventType: WEBHOOK_TEST_EVENT_TYPE });
    await waitFor(async () => receiver().to('/ok/fast').length === 1, 'the fast endpoint to be served', 1000);
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS);

    const cut = await waitFor(
      async () => {
        const items = await deliveriesOf(owner, slow.id);
        const attempts = items.flatMap((item) => item.attempts);
        return attempts.length === 3 && attempts;
      },
      'the three slow attempts to be cut',
      10_000,
    );
    for (const attempt of cut) {
      expect(attempt).toMatchObject({
        responseStatus: null,
        responseBody: null,
        error: 'Timed out after 1.5 s',
      });
      expect(attempt.durationMs).toBeGreaterThanOrEqual(TIMEOUT_MS - 20);
      expect(attempt.durationMs).toBeLessThan(TIMEOUT_MS + 1000);
    }
  });

  it('sends a test event and resends a delivery: the same event id and body, a new attempt in the log', async () => {
    const owner = await stack().crm.signIn();
    const endpoint = await createEndpoint(owner, '/ok/resend');
    const test = await api<WebhookDelivery>(owner, 'POST', `/${endpoint.id}/test`);
    expect(test.status).toBe(202);
    expect(test.body).toMatchObject({
      endpointId: endpoint.id,
      eventType: 'webhook.test',
      status: 'pending',
      attempts: [],
    });
    const [first] = await waitFor(async () => {
      const hits = receiver().to('/ok/resend');
      return hits.length === 1 && hits;
    }, 'the test event');
    expect(JSON.parse(first.body)).toMatchObject({ event: 'webhook.test', id: test.body.eventId });
    await waitFor(
      async () => (await deliveriesOf(owner, endpoint.id))[0]?.status === 'succeeded',
      'the test to succeed',
    );

    const resent = await api<WebhookDelivery>(
      owner,
      'POST',
      `/${endpoint.id}/deliveries/${test.body.id}/resend`,
    );
    expect(resent.status).toBe(202);
    expect(resent.body).toMatchObject({ id: test.body.id, status: 'pending' });
    const [, second] = await waitFor(async () => {
      const hits = receiver().to('/ok/resend');
      return hits.length === 2 && hits;
    }, 'the resent delivery');
    expect(second.body).toBe(first.body);
    expect(second.headers[WEBHOOK_EVENT_ID_HEADER.toLowerCase()]).toBe(test.body.eventId);
    const [delivery] = await waitFor(async () => {
      const items = await deliveriesOf(owner, endpoint.id);
      return items[0]?.attempts.length === 2 && items[0].status === 'succeeded' && items;
    }, 'the second attempt in the log');
    expect(delivery.attempts.map((attempt) => attempt.attempt)).toEqual([1, 2]);
  });

  it('pages the log newest first, 20 at a time', async () => {
    const owner = await stack().crm.signIn();
    const endpoint = await createEndpoint(owner, '/ok/paged');
    await api(owner, 'PATCH', `/${endpoint.id}`, { enabled: false });
    // Deliveries of a disabled endpoint wait; the log still lists them.
    await rows(
      `INSERT INTO webhook_deliveries (endpoint_id, organization_id, event_id, event_type, request_body, next_attempt_at,
         retry_until, created_at)
       SELECT $1, $2, gen_random_uuid(), 'ticket.created', '{}', now(), now() + interval '1 day',
              now() - make_interval(secs => n)
       FROM generate_series(1, 25) AS n`,
      [endpoint.id, owner.organizationId],
    );
    const first = await api<WebhookDeliveryPage>(owner, 'GET', `/${endpoint.id}/deliveries`);
    expect(first.body.items).toHaveLength(20);
    const times = first.body.items.map((item) => Date.parse(item.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const second = await api<WebhookDeliveryPage>(
      owner,
      'GET',
      `/${endpoint.id}/deliveries?before=${first.body.nextCursor}`,
    );
    expect(second.body.items).toHaveLength(5);
    expect(second.body.nextCursor).toBeNull();
    expect(new Set([...first.body.items, ...second.body.items].map((item) => item.id)).size).toBe(25);
  });

  it('connects to the address it checked, never resolving the name again, and follows no redirect', async () => {
    const owner = await stack().crm.signIn();
    const url = new URL(receiver().url('/ok/pinned'));
    url.hostname = 'hooks.pinned.test';
    const created = await api<CreatedWebhookEndpoint>(owner, 'POST', '', {
      url: url.toString(),
      events: ['ticket.created'],
    });
    expect(created.status).toBe(201);
    await stack().events.publish('ticketCreated', ticket(owner));
    const [got] = await waitFor(async () => {
      const hits = receiver().to('/ok/pinned');
      return hits.length > 0 && hits;
    }, 'the pinned delivery');
    expect(got.headers.host).toBe(`hooks.pinned.test:${url.port}`);

    const moved = await createEndpoint(owner, '/moved', ['ticket.created']);
    receiver().answers.set('/moved', 302);
    expect((await api(owner, 'POST', `/${moved.id}/test`)).status).toBe(202);
    const [delivery] = await waitFor(async () => {
      const items = await deliveriesOf(owner, moved.id);
      // The log reads deliveries, then their attempts: an attempt recorded in between shows on a pending one.
      return items[0]?.attempts.length === 1 && items[0].status !== 'pending' && items;
    }, 'the redirected attempt');
    expect(delivery).toMatchObject({ status: 'retrying', attempts: [{ responseStatus: 302 }] });
    await sleep(200);
    expect(receiver().to('/ok/redirected')).toHaveLength(0);
  });

  it('delivers 40 tickets opened 50 ms apart within the 1 s p95 budget, each once', async () => {
    const owner = await stack().crm.signIn();
    await createEndpoint(owner, '/ok/budget', ['ticket.created']);
    const published = new Map<string, number>();
    for (let i = 0; i < 40; i += 1) {
      const data = ticket(owner, { title: `Budget ticket ${i}` });
      published.set(toPublicId('ticket', data.ticketId), Date.now());
      await stack().events.publish('ticketCreated', data);
      await sleep(50);
    }
    const hits = await waitFor(async () => {
      const all = receiver().to('/ok/budget');
      return all.length >= 40 && all;
    }, 'the 40 deliveries');
    await sleep(300);
    expect(receiver().to('/ok/budget')).toHaveLength(40);
    const lateness = hits
      .map((hit) => hit.at - published.get((JSON.parse(hit.body) as { data: { id: string } }).data.id)!)
      .sort((a, b) => a - b);
    const p95 = lateness[Math.ceil(0.95 * lateness.length) - 1];
    expect(p95).toBeLessThan(1000);
  });

  it('shares the work with another replica’s worker on the same database: every delivery sent once', async () => {
    const owner = await stack().crm.signIn();
    const endpoint = await createEndpoint(owner, '/ok/busy', ['ticket.created']);
    const app = stack().crm.app;
    const replica = new WebhookWorker(
      stack().crm.dataSource,
      app.get(WEBHOOK_OPTIONS),
      app.get(SecretBox),
      app.get(CallbackSecrets),
    );
    replica.onApplicationBootstrap();
    try {
      await rows(
        `WITH added AS (
           INSERT INTO webhook_deliveries (endpoint_id, organization_id, event_id, event_type, request_body,
             next_attempt_at, retry_until, created_at)
           SELECT $1, $2, gen_random_uuid(), 'ticket.created', json_build_object('n', n)::text, $3, $4, $3
           FROM generate_series(1, 30) AS n
           RETURNING 1
         )
         SELECT pg_notify('crm_webhook_deliveries', '') FROM (SELECT count(*) FROM added) AS done`,
        [
          endpoint.id,
          owner.organizationId,
          new Date(Date.now() + offset),
          new Date(Date.now() + offset + 3600_000),
        ],
      );
      await waitFor(async () => {
        const items = await rows<{ n: number }>(
          `SELECT count(*)::int AS n FROM webhook_deliveries WHERE endpoint_id = $1 AND status = 'succeeded'`,
          [endpoint.id],
        );
        return items[0].n === 30;
      }, 'the 30 deliveries to succeed');
      const bodies = receiver()
        .to('/ok/busy')
        .map((hit) => hit.body);
      expect(bodies).toHaveLength(30);
      expect(new Set(bodies).size).toBe(30);
      expect(
        await rows(
          `SELECT 1 FROM webhook_attempts a JOIN webhook_deliveries d ON d.id = a.delivery_id
           WHERE d.endpoint_id = $1 AND a.attempt > 1`,
          [endpoint.id],
        ),
      ).toHaveLength(0);
    } finally {
      await replica.beforeApplicationShutdown();
    }
  });

  it(`deletes finished deliveries older than ${WEBHOOK_LOG_RETENTION_DAYS} days from the log, keeping newer and unfinished ones`, async () => {
    const owner = await stack().crm.signIn();
    const endpoint = await createEndpoint(owner, '/ok/retention', ['ticket.created']);
    const day = 86_400_000;
    const now = Date.now() + offset;
    const add = async (status: string, ageDays: number) => {
      const due = status === 'pending' || status === 'retrying';
      const [row] = await rows<{ id: string }>(
        `INSERT INTO webhook_deliveries (endpoint_id, organization_id, event_id, event_type, request_body, status,
           next_attempt_at, retry_until, created_at)
         VALUES ($1, $2, gen_random_uuid(), 'ticket.created', '{}', $3, $4, $5, $5) RETURNING id`,
        [
          endpoint.id,
          owner.organizationId,
          status,
          due ? new Date(now + day) : null,
          new Date(now - ageDays * day),
        ],
      );
      return row.id;
    };
    const oldSucceeded = await add('succeeded', WEBHOOK_LOG_RETENTION_DAYS + 1);
    const oldFailed = await add('failed', WEBHOOK_LOG_RETENTION_DAYS + 1);
    const oldRetrying = await add('retrying', WEBHOOK_LOG_RETENTION_DAYS + 1);
    const recent = await add('succeeded', WEBHOOK_LOG_RETENTION_DAYS - 1);
    await rows(
      `INSERT INTO webhook_attempts (delivery_id, attempt, at, duration_ms) VALUES ($1, 1, now(), 5)`,
      [oldSucceeded],
    );

    expect(await worker().prune()).toBeGreaterThanOrEqual(2);
    const left = (await deliveriesOf(owner, endpoint.id)).map((item) => item.id);
    expect(left).not.toContain(oldSucceeded);
    expect(left).not.toContain(oldFailed);
    expect(left).toEqual(expect.arrayContaining([oldRetrying, recent]));
    expect(await rows('SELECT 1 FROM webhook_attempts WHERE delivery_id = $1', [oldSucceeded])).toHaveLength(
      0,
    );
  });

  // Last: it moves the webhook clock a day ahead.
  it('gives up after the retry window: the delivery failed, the endpoint failing, its owners told once; a success makes it active', async () => {
    const owner = await stack().crm.signIn();
    const endpoint = await createEndpoint(owner, '/down');
    receiver().answers.set('/down', 503);
    await stack().events.publish('ticketCreated', ticket(owner));
    await stack().events.publish('ticketCreated', ticket(owner, { title: 'Second ticket' }));
    await waitFor(async () => {
      const items = await deliveriesOf(owner, endpoint.id);
      return items.length === 2 && items.every((item) => item.status === 'retrying');
    }, 'both deliveries to be retrying');

    offset += 24 * 3600_000 + 60_000;
    worker().wake();
    const failed = await waitFor(async () => {
      const items = await deliveriesOf(owner, endpoint.id);
      return items.every((item) => item.status === 'failed') && items;
    }, 'both deliveries to fail');
    expect(failed.map((item) => item.nextAttemptAt)).toEqual([null, null]);
    const [listed] = (
      await api<{ id: string; status: string; failingSince: string | null }[]>(owner, 'GET', '')
    ).body;
    expect(listed).toMatchObject({ id: endpoint.id, status: 'failing', failingSince: expect.any(String) });

    const told = await rows<{ data: Record<string, unknown> }>(
      `SELECT data FROM outbox WHERE type = 'webhook.endpoint_failing' AND data->>'endpointId' = $1`,
      [endpoint.id],
    );
    expect(told).toHaveLength(1);
    expect(told[0].data).toMatchObject({
      organizationId: owner.organizationId,
      url: receiver().url('/down'),
      lastError: 'HTTP 503',
    });

    // The receiver is back: resending a failed delivery succeeds, and the endpoint is active again.
    receiver().answers.set('/down', 200);
    const resent = await api(owner, 'POST', `/${endpoint.id}/deliveries/${failed[0].id}/resend`);
    expect(resent.status).toBe(202);
    await waitFor(async () => {
      const [delivery] = (await deliveriesOf(owner, endpoint.id)).filter((item) => item.id === failed[0].id);
      return delivery?.status === 'succeeded';
    }, 'the resent delivery to succeed');
    expect(
      (await api<{ status: string; failingSince: string | null }[]>(owner, 'GET', '')).body[0],
    ).toMatchObject({
      status: 'active',
      failingSince: null,
    });
  });
});

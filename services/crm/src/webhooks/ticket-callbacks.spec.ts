import { randomUUID } from 'node:crypto';
import {
  type CallbackSigningSecret,
  callbackSigningSecretSchema,
  toPublicId,
  type TicketUpdatedData,
  type V1Ticket,
  v1TicketSchema,
  WEBHOOK_EVENT_ID_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
  type WebhookDelivery,
  type WebhookDeliveryPage,
  webhookDeliveryPageSchema,
  webhookPayloadSchema,
} from '@portal/contracts';
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
import { eraseOrganizationWebhooks } from './webhook-events.consumer';

describe('crm: a ticket’s callback_url gets its changes, through the webhook machinery (ADR 0206)', () => {
  const stack = startForSuite(async () => {
    const receiver = await startReceiver();
    const started = await startOnTestEventSpace('crm', (accountEvents) =>
      startCrm({ accountEvents, webhooks: { webhooks: { allowPrivateUrls: true, concurrency: 16 } } }),
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
  const rows = (sql: string, params: unknown[] = []) =>
    stack().crm.dataSource.query(sql, params) as Promise<unknown[]>;
  const api = <T>(who: SignedInUser, method: string, path: string) =>
    request<T>(stack().crm.baseUrl, method, `/api/developers/callbacks${path}`, { token: who.token });
  const log = async (who: SignedInUser) => {
    const response = await api<WebhookDeliveryPage>(who, 'GET', '/deliveries');
    expect(response.status).toBe(200);
    return webhookDeliveryPageSchema.parse(response.body).items;
  };
  const secretOf = async (who: SignedInUser) => {
    const response = await api<CallbackSigningSecret>(who, 'GET', '/secret');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    return callbackSigningSecretSchema.parse(response.body).signingSecret;
  };

  /** A ticket opened through the API with a callback to `path`, as support's events carry it. */
  const apiTicket = (path: string | null, overrides: Partial<V1Ticket> = {}): V1Ticket => {
    const at = new Date().toISOString();
    return {
      id: toPublicId('ticket', randomUUID()),
      object: 'ticket',
      customer_id: 'cus_48213',
      subject: 'Order arrived damaged',
      description: 'The box was crushed.',
      priority: 'high',
      status: 'in_progress',
      created_at: at,
      updated_at: at,
      assigned_agent: null,
      callback_url: path && receiver().url(path),
      ...overrides,
    };
  };
  const statusChanged = (who: SignedInUser, ticket: V1Ticket | undefined): TicketUpdatedData => ({
    ticketId: randomUUID(),
    customerId: who.id,
    organizationId: who.organizationId,
    title: 'Order arrived damaged',
    status: 'in_progress',
    priority: 'high',
    assigneeId: null,
    changed: ['status'],
    updatedAt: new Date().toISOString(),
    ...(ticket && { apiTicket: ticket }),
  });

  it('posts a status change to the ticket’s callback_url once, signed with the organization’s callback secret, whatever the redeliveries', async () => {
    const owner = await stack().crm.signIn();
    const ticket = apiTicket('/ok/callback/status');
    const envelope = await stack().events.publish('ticketUpdated', statusChanged(owner, ticket));
    const [got] = await waitFor(async () => {
      const hits = receiver().to('/ok/callback/status');
      return hits.length > 0 && hits;
    }, 'the ticket.updated callback');

    expect(got.headers[WEBHOOK_EVENT_ID_HEADER.toLowerCase()]).toBe(toPublicId('event', envelope.id));
    expect(webhookPayloadSchema.parse(JSON.parse(got.body))).toEqual({
      id: toPublicId('event', envelope.id),
      event: 'ticket.updated',
      created_at: envelope.occurredAt,
      data: { object: ticket },
    });
    expect(v1TicketSchema.parse((JSON.parse(got.body) as { data: { object: unknown } }).data.object)).toEqual(
      ticket,
    );
    // Signed with the secret the organization's members reveal on the Developers page (made by the
    // first callback), as an endpoint's deliveries are with the endpoint's.
    const secret = await secretOf(owner);
    expect(secret).toMatch(/^whsec_/);
    const signature = got.headers[WEBHOOK_SIGNATURE_HEADER.toLowerCase()] as string;
    const now = Math.floor(Date.now() / 1000);
    expect(isInboundSignatureValid(signature, Buffer.from(got.body), secret, now)).toBe(true);
    expect(isInboundSignatureValid(signature, Buffer.from(`${got.body} `), secret, now)).toBe(false);

    // The same event again (JetStream redelivers, a relay republishes): nothing more is sent.
    await stack().events.publish('ticketUpdated', statusChanged(owner, ticket), envelope);
    await stack().events.publish('ticketUpdated', statusChanged(owner, ticket), envelope);
    await sleep(1000);
    expect(receiver().to('/ok/callback/status')).toHaveLength(1);
    expect(await rows('SELECT 1 FROM webhook_deliveries WHERE event_id = $1', [envelope.id])).toHaveLength(1);
    const [delivery] = await waitFor(async () => {
      const items = await log(owner);
      return items[0]?.status === 'succeeded' && items;
    }, 'the callback to show as succeeded');
    expect(delivery).toMatchObject({
      endpointId: null,
      callbackUrl: ticket.callback_url,
      eventId: toPublicId('event', envelope.id),
      eventType: 'ticket.updated',
      requestBody: got.body,
      attempts: [{ attempt: 1, responseStatus: 200, error: null }],
    });
  });

  it('posts ticket.updated on closing and reopening, ticket.replied on staff’s reply; nothing for the customer’s own reply or a ticket without a callback', async () => {
    const owner = await stack().crm.signIn();
    const activity = (ticket?: V1Ticket) => ({
      ticketId: randomUUID(),
      customerId: owner.id,
      organizationId: owner.organizationId,
      title: 'Order arrived damaged',
      ...(ticket && { apiTicket: ticket }),
    });
    const at = new Date().toISOString();
    await stack().events.publish('ticketClosed', {
      ...activity(apiTicket('/ok/callback/closed', { status: 'closed' })),
      by: 'staff',
      closedAt: at,
    });
    await stack().events.publish('ticketReopened', {
      ...activity(apiTicket('/ok/callback/reopened', { status: 'open' })),
      by: 'customer',
      status: 'open',
      reopenedAt: at,
    });
    const reply = (author: 'staff' | 'customer', path: string) =>
      stack().events.publish('ticketReplied', {
        ...activity(apiTicket(path)),
        messageId: randomUUID(),
        author,
        authorId: randomUUID(),
        status: 'in_progress',
        repliedAt: at,
      });
    await reply('customer', '/ok/callback/customer-reply');
    await reply('staff', '/ok/callback/staff-reply');
    await stack().events.publish('ticketUpdated', statusChanged(owner, apiTicket(null)));
    await stack().events.publish('ticketUpdated', statusChanged(owner, undefined));

    const eventOf = async (path: string) => {
      const [got] = await waitFor(async () => {
        const hits = receiver().to(path);
        return hits.length > 0 && hits;
      }, `the callback to ${path}`);
      return (JSON.parse(got.body) as { event: string; data: { object: V1Ticket } }).event;
    };
    expect(await eventOf('/ok/callback/closed')).toBe('ticket.updated');
    expect(await eventOf('/ok/callback/reopened')).toBe('ticket.updated');
    expect(await eventOf('/ok/callback/staff-reply')).toBe('ticket.replied');
    await sleep(500);
    expect(receiver().to('/ok/callback/customer-reply')).toHaveLength(0);
    expect((await log(owner)).map((delivery) => delivery.eventType).sort()).toEqual([
      'ticket.replied',
      'ticket.updated',
      'ticket.updated',
    ]);
  });

  it('keeps each organization’s callbacks, log and secret to itself', async () => {
    const a = await stack().crm.signIn();
    const b = await stack().crm.signIn();
    const bTicket = apiTicket('/ok/callback/org-b');
    const bEvent = await stack().events.publish('ticketUpdated', statusChanged(b, bTicket));
    const [got] = await waitFor(async () => {
      const hits = receiver().to('/ok/callback/org-b');
      return hits.length > 0 && hits;
    }, 'organization B’s callback');
    const [bDelivery] = await waitFor(async () => {
      const items = await log(b);
      return items.length === 1 && items;
    }, 'B’s log');
    expect(bDelivery.eventId).toBe(toPublicId('event', bEvent.id));

    // A sees none of B's callbacks, cannot resend one, and has a secret of its own that B's does not match.
    expect(await log(a)).toEqual([]);
    expect((await api(a, 'POST', `/deliveries/${bDelivery.id}/resend`)).status).toBe(404);
    const signature = got.headers[WEBHOOK_SIGNATURE_HEADER.toLowerCase()] as string;
    const now = Math.floor(Date.now() / 1000);
    expect(isInboundSignatureValid(signature, Buffer.from(got.body), await secretOf(a), now)).toBe(false);
    expect(isInboundSignatureValid(signature, Buffer.from(got.body), await secretOf(b), now)).toBe(true);
    expect(receiver().to('/ok/callback/org-b')).toHaveLength(1);
  });

  it('rolls the secret at once: a resend goes out with the same event id, signed with the new secret only', async () => {
    const owner = await stack().crm.signIn();
    const first = await secretOf(owner);
    expect(await secretOf(owner)).toBe(first); // revealing again shows the same one
    const envelope = await stack().events.publish(
      'ticketUpdated',
      statusChanged(owner, apiTicket('/ok/callback/rolled')),
    );
    const [delivery] = await waitFor(async () => {
      const items = await log(owner);
      return items[0]?.status === 'succeeded' && items;
    }, 'the first callback');

    const rolled = await api<CallbackSigningSecret>(owner, 'POST', '/secret/roll');
    expect(rolled.status).toBe(200);
    const second = callbackSigningSecretSchema.parse(rolled.body).signingSecret;
    expect(second).not.toBe(first);
    expect(await secretOf(owner)).toBe(second);

    const resent = await api<WebhookDelivery>(owner, 'POST', `/deliveries/${delivery.id}/resend`);
    expect(resent.status).toBe(202);
    const hits = await waitFor(async () => {
      const all = receiver().to('/ok/callback/rolled');
      return all.length === 2 && all;
    }, 'the resent callback');
    const now = Math.floor(Date.now() / 1000);
    const [before, after] = hits.map((hit) => ({
      id: hit.headers[WEBHOOK_EVENT_ID_HEADER.toLowerCase()],
      valid: (secret: string) =>
        isInboundSignatureValid(
          hit.headers[WEBHOOK_SIGNATURE_HEADER.toLowerCase()] as string,
          Buffer.from(hit.body),
          secret,
          now,
        ),
    }));
    expect(before.id).toBe(toPublicId('event', envelope.id));
    expect(after.id).toBe(before.id);
    expect(before.valid(first)).toBe(true);
    expect(after.valid(second)).toBe(true);
    expect(after.valid(first)).toBe(false);
  });

  it('forgets a deleted organization’s callbacks and secret with its endpoints', async () => {
    const owner = await stack().crm.signIn();
    await stack().events.publish('ticketUpdated', statusChanged(owner, apiTicket('/ok/callback/erased')));
    await waitFor(async () => (await log(owner))[0]?.status === 'succeeded', 'the callback to be sent');
    await stack().crm.dataSource.transaction((manager) =>
      eraseOrganizationWebhooks(manager, owner.organizationId!),
    );
    const left = `SELECT (SELECT count(*)::int FROM webhook_deliveries WHERE organization_id = $1)
                       + (SELECT count(*)::int FROM webhook_callback_secrets WHERE organization_id = $1) AS n`;
    expect(await rows(left, [owner.organizationId])).toEqual([{ n: 0 }]);
  });

  it('answers 403 to a member who may not manage developers’ access', async () => {
    const viewer = await stack().crm.signIn('customer', { orgRole: 'billing' });
    expect((await api(viewer, 'GET', '/secret')).status).toBe(403);
    expect((await api(viewer, 'POST', '/secret/roll')).status).toBe(403);
    expect((await api(viewer, 'GET', '/deliveries')).status).toBe(403);
  });
});

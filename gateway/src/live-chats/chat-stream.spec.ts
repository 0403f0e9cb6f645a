import { SessionRevocations } from '@portal/auth';
import { type ChatSignal, customerChatEventSchema, staffChatEventSchema } from '@portal/contracts';
import type { SignedInUser } from '@portal/testing';
import { EventStream } from '../testing/event-stream';
import { expectOutsidersRefused, liveStreamSuite, waitUntil } from '../testing/live-stream-suite';
import { ChatFeed } from './chat-feed';

const CUSTOMER = '/api/support/chats/stream';
const STAFF = '/api/support/staff/chats/stream';

describe('live chat streams: GET /api/support/chats/stream and GET /api/support/staff/chats/stream', () => {
  const suite = liveStreamSuite('gateway-live-chats');
  const subject = `${suite.prefix}.chat.signals`;

  const openStreams = () => suite.gateway.app.get(ChatFeed).openStreams();
  const send = (signal: ChatSignal) => suite.nats.publish(subject, JSON.stringify(signal));
  const dataOf = (block: string | null) => JSON.parse(block!.split('\ndata: ')[1]);

  async function open(token: string, path: string) {
    const { response, stream } = await EventStream.open(suite.gateway.url, token, path);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(await stream!.next()).toBe('retry: 3000\nevent: ready\ndata: {}');
    return stream!;
  }

  /** A message of `who`'s organization's chat, as support signals it. */
  function message(who: SignedInUser, body: string, author: 'customer' | 'staff' = 'staff'): ChatSignal {
    const chatId = crypto.randomUUID();
    const event = {
      kind: 'message',
      chatId,
      message: { id: crypto.randomUUID(), chatId, author, body, createdAt: new Date().toISOString() },
    } as const;
    return {
      organizationId: who.organizationId!,
      customer: event,
      staff: { ...event, organizationId: who.organizationId! },
    };
  }

  it("streams a staff answer to the members of the chat's organization within moments, and to no other", async () => {
    const [ann, bob, staff] = await Promise.all([
      suite.identity.signIn('customer'),
      suite.identity.signIn('customer'),
      suite.identity.signIn('admin'),
    ]);
    const colleague = await suite.identity.signIn('customer', { org: ann.organizationId, orgRole: 'member' });
    const panel = await open(ann.token, CUSTOMER);
    const other = await open(colleague.token, CUSTOMER);
    const outsider = await open(bob.token, CUSTOMER);
    const staffStream = await open(staff.token, STAFF);
    try {
      await waitUntil(() => openStreams() === 4);
      const started = performance.now();
      const answer = message(ann, 'We are on it.');
      send(answer);
      const event = customerChatEventSchema.parse(dataOf(await panel.next()));
      expect(performance.now() - started).toBeLessThan(300);
      expect(event).toEqual(answer.customer);
      expect(dataOf(await other.next())).toEqual(answer.customer);
      expect(staffChatEventSchema.parse(dataOf(await staffStream.next()))).toEqual(answer.staff);
      await expect(outsider.next(300)).rejects.toThrow('no event in time');
    } finally {
      for (const stream of [panel, other, outsider, staffStream]) stream.close();
    }
    await waitUntil(() => openStreams() === 0);
  });

  it('sends typing to the side it is meant for only, and the presence to every customer stream', async () => {
    const [cal, dee, staff] = await Promise.all([
      suite.identity.signIn('customer'),
      suite.identity.signIn('customer'),
      suite.identity.signIn('admin'),
    ]);
    const panel = await open(cal.token, CUSTOMER);
    const elsewhere = await open(dee.token, CUSTOMER);
    const staffStream = await open(staff.token, STAFF);
    try {
      await waitUntil(() => openStreams() === 3);
      const chatId = crypto.randomUUID();
      const org = cal.organizationId!;
      // The customer types: staff see it, the customer's own panel does not.
      send({
        organizationId: org,
        customer: null,
        staff: { kind: 'typing', chatId, side: 'customer', organizationId: org },
      });
      // Staff type: the customer sees it.
      send({ organizationId: org, customer: { kind: 'typing', chatId, side: 'staff' }, staff: null });
      send({ organizationId: null, customer: { kind: 'presence', staffOnline: false }, staff: null });
      // A chat event without an organization goes to no customer.
      send({ organizationId: null, customer: { kind: 'typing', chatId, side: 'staff' }, staff: null });
      expect(dataOf(await staffStream.next())).toEqual({
        kind: 'typing',
        chatId,
        side: 'customer',
        organizationId: org,
      });
      expect(dataOf(await panel.next())).toEqual({ kind: 'typing', chatId, side: 'staff' });
      expect(dataOf(await panel.next())).toEqual({ kind: 'presence', staffOnline: false });
      expect(dataOf(await elsewhere.next())).toEqual({ kind: 'presence', staffOnline: false });
      await expect(panel.next(300)).rejects.toThrow('no event in time');
      await expect(staffStream.next(100)).rejects.toThrow('no event in time');
    } finally {
      for (const stream of [panel, elsewhere, staffStream]) stream.close();
    }
  });

  it('ignores a malformed signal and keeps streaming', async () => {
    const eve = await suite.identity.signIn('customer');
    const panel = await open(eve.token, CUSTOMER);
    try {
      await waitUntil(() => openStreams() === 1);
      suite.nats.publish(subject, 'not json');
      suite.nats.publish(
        subject,
        JSON.stringify({ organizationId: eve.organizationId, customer: { kind: 'nope' }, staff: null }),
      );
      const answer = message(eve, 'Still here');
      send(answer);
      expect(dataOf(await panel.next())).toEqual(answer.customer);
    } finally {
      panel.close();
    }
  });

  it('answers 401 without a token and 403 to the wrong kind of user, and ends a stream at sign-out', async () => {
    const { staff } = await expectOutsidersRefused(suite, CUSTOMER, STAFF);
    const staffStream = await open(staff.token, STAFF);
    await waitUntil(() => openStreams() === 1);
    suite.gateway.app.get(SessionRevocations).revoke(staff.sessionId, new Date(Date.now() + 60_000));
    expect(await staffStream.next()).toBeNull();
    await waitUntil(() => openStreams() === 0);
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StaffChatDetail, StaffChatListResponse, StaffOrganizationDetail } from '@portal/contracts';
import { renderPage } from '@portal/web-testing';
import { loadStaffApi } from '../../api/staff-api';
import { CUSTOMER_ID, ORGANIZATION_ID, signedInAsStaff, staffMe } from '../../testing/staff-fixtures';
import ChatsPage from './ChatsPage';
import { loadChatsApi } from './chats-api';

const WAITING = '3b0f6a2e-5f44-4a57-9d2b-6a1c0f2d9e01';
const ACTIVE = '4c1a7b3f-6a55-4b68-8e3c-7b2d1e3f0a12';
const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();

function chat(id: string, overrides: Partial<StaffChatDetail> = {}): StaffChatDetail {
  return {
    id,
    state: 'waiting',
    createdAt: at(2),
    acceptedAt: null,
    closedAt: null,
    lastMessageAt: at(1),
    preview: 'Our IVR drops calls',
    ticketId: null,
    organizationId: ORGANIZATION_ID,
    customerId: CUSTOMER_ID,
    staffId: null,
    ticket: null,
    messages: [
      {
        id: crypto.randomUUID(),
        chatId: id,
        author: 'customer',
        body: 'Our IVR drops calls',
        createdAt: at(1),
      },
    ],
    ...overrides,
  };
}

const organization: StaffOrganizationDetail = {
  id: ORGANIZATION_ID,
  name: 'Lee Logistics',
  planId: 'growth',
  timezone: 'America/New_York',
  createdAt: at(10_000),
  memberCount: 3,
  owner: null,
  members: [],
};

/** The gateway for the page: support's chat routes, identity and the context's reads, and a staff chat stream to write to. */
function stubGateway(chats: StaffChatDetail[]) {
  const calls: { method: string; path: string }[] = [];
  const encoder = new TextEncoder();
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  const details = new Map(chats.map((each) => [each.id, each]));
  jest.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    const path = new URL(request.url).pathname;
    calls.push({ method: request.method, path });
    if (path === '/api/support/staff/chats/stream') {
      const body = new ReadableStream<Uint8Array>({
        start: (started) => {
          controller = started;
          started.enqueue(encoder.encode('event: ready\ndata: {}\n\n'));
        },
      });
      init?.signal?.addEventListener('abort', () =>
        controller?.error(new DOMException('Aborted', 'AbortError')),
      );
      return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
    }
    if (path === '/api/support/staff/chats/presence') return new Response(null, { status: 204 });
    if (path === '/api/support/staff/chats') {
      const list: StaffChatListResponse = {
        chats: [...details.values()].map(({ messages: _messages, ticket: _ticket, ...summary }) => summary),
        staffOnline: 1,
      };
      return Response.json(list);
    }
    const accept = /^\/api\/support\/staff\/chats\/([^/]+)\/accept$/.exec(path);
    if (accept && request.method === 'POST') {
      const accepted = {
        ...details.get(accept[1])!,
        state: 'active' as const,
        staffId: staffMe.id,
        acceptedAt: at(0),
      };
      details.set(accepted.id, accepted);
      return Response.json(accepted);
    }
    const one = /^\/api\/support\/staff\/chats\/([^/]+)$/.exec(path);
    if (one && details.has(one[1])) return Response.json(details.get(one[1]));
    if (path === `/api/identity/staff/organizations/${ORGANIZATION_ID}`) return Response.json(organization);
    if (path === '/api/identity/staff/users')
      return Response.json({
        users: [{ id: CUSTOMER_ID, name: 'Ann Lee', email: 'ann@example.com', role: 'customer' }],
      });
    if (path === '/api/support/staff/open-tickets')
      return Response.json({ organizations: [{ organizationId: ORGANIZATION_ID, open: 2, breaching: 1 }] });
    if (path === '/api/crm/staff/integrations/health') return Response.json({ organizations: [] });
    throw new TypeError('Failed to fetch');
  });
  return {
    calls,
    send: (data: unknown) =>
      controller!.enqueue(encoder.encode(`event: chat\ndata: ${JSON.stringify(data)}\n\n`)),
  };
}

describe('the Chats page', () => {
  beforeAll(() => Promise.all([loadStaffApi(), loadChatsApi()]));
  beforeEach(() => localStorage.setItem('token', 'staff-token'));
  afterEach(() => {
    jest.restoreAllMocks();
    localStorage.clear();
  });

  it('puts the staffer online, lists the waiting chats and opens one beside its customer, ready to accept', async () => {
    const gateway = stubGateway([chat(WAITING)]);
    renderPage(<ChatsPage />, { route: '/staff/chats', state: signedInAsStaff });
    const waiting = await screen.findByRole('region', { name: 'Waiting chats' });
    await userEvent.click(within(waiting).getByRole('button', { name: /Our IVR drops calls/ }));
    const panel = await screen.findByRole('tabpanel');
    expect(await within(panel).findByText('Lee Logistics')).toBeVisible();
    expect(within(panel).getByText('growth · 3 members')).toBeVisible();
    expect(within(panel).getByText('2 open, 1 breaching')).toBeVisible();
    expect(within(panel).queryByRole('textbox', { name: 'Your answer' })).not.toBeInTheDocument();

    await userEvent.click(within(panel).getByRole('button', { name: 'Accept chat' }));
    expect(await within(panel).findByRole('textbox', { name: 'Your answer' })).toBeVisible();
    expect(gateway.calls).toContainEqual({ method: 'PUT', path: '/api/support/staff/chats/presence' });
    expect(gateway.calls).toContainEqual({
      method: 'POST',
      path: `/api/support/staff/chats/${WAITING}/accept`,
    });
  });

  it('keeps several chats open as tabs, counts unread messages of the others and shows the customer typing', async () => {
    const gateway = stubGateway([
      chat(WAITING),
      chat(ACTIVE, { state: 'active', staffId: staffMe.id, preview: 'Billing question' }),
    ]);
    const { unmount } = renderPage(<ChatsPage />, { route: '/staff/chats', state: signedInAsStaff });
    await userEvent.click(await screen.findByRole('button', { name: /Billing question/ }));
    await userEvent.click(screen.getByRole('button', { name: /Our IVR drops calls/ }));
    const tabs = screen.getByRole('tablist', { name: 'Open chats' });
    expect(within(tabs).getAllByRole('tab')).toHaveLength(2);
    await waitFor(() => expect(gateway.calls.some((call) => call.path.endsWith('/chats/stream'))).toBe(true));

    gateway.send({
      kind: 'message',
      chatId: ACTIVE,
      organizationId: ORGANIZATION_ID,
      message: {
        id: crypto.randomUUID(),
        chatId: ACTIVE,
        author: 'customer',
        body: 'Invoice 1042',
        createdAt: at(0),
      },
    });
    expect(await screen.findByText('1 unread')).toBeVisible();
    gateway.send({ kind: 'typing', chatId: ACTIVE, side: 'customer', organizationId: ORGANIZATION_ID });
    await userEvent.click(within(tabs).getByRole('tab', { name: /Billing question/ }));
    const panel = screen.getByRole('tabpanel', { name: /Billing question/ });
    expect(await within(panel).findByText('Invoice 1042')).toBeVisible();
    expect(within(panel).getByText('Customer is typing…')).toBeVisible();
    expect(screen.queryByText('1 unread')).not.toBeInTheDocument();

    unmount();
    // Leaving the page takes the staffer offline at once.
    await waitFor(() =>
      expect(gateway.calls).toContainEqual({ method: 'DELETE', path: '/api/support/staff/chats/presence' }),
    );
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ChatAvailability, ChatDetail, ChatListResponse } from '@portal/contracts';
import { renderPage } from '@portal/web-testing';
import { signedInCustomer } from '../../pages/Dashboard/dashboard-fixtures';
import { LiveChatLauncher } from './LiveChatLauncher';
import LiveChatPanel from './LiveChatPanel';
import { loadChatApi } from './chat-api';

const CHAT_ID = '3b0f6a2e-5f44-4a57-9d2b-6a1c0f2d9e01';
const TICKET_ID = '9a7e1c3d-2b4f-4e6a-8c0d-1e2f3a4b5c6d';
const now = new Date();
const at = (minutesAgo: number) => new Date(now.getTime() - minutesAgo * 60_000).toISOString();

const message = (id: string, author: 'customer' | 'staff' | 'system', body: string, minutesAgo = 1) => ({
  id,
  chatId: CHAT_ID,
  author,
  body,
  createdAt: at(minutesAgo),
});

const activeChat: ChatDetail = {
  id: CHAT_ID,
  state: 'active',
  createdAt: at(3),
  acceptedAt: at(2),
  closedAt: null,
  lastMessageAt: at(1),
  preview: 'Our IVR drops calls',
  ticketId: null,
  ticket: null,
  messages: [
    message('11111111-1111-4111-8111-111111111111', 'customer', '<img src=x onerror=alert(1)> drops calls'),
  ],
};

const convertedChat: ChatDetail = {
  ...activeChat,
  state: 'converted',
  closedAt: at(0),
  ticketId: TICKET_ID,
  ticket: {
    id: TICKET_ID,
    createdAt: at(0),
    firstResponse: {
      targetMinutes: 480,
      dueAt: new Date(now.getTime() + 480 * 60_000 - 30_000).toISOString(),
      metAt: null,
      state: 'pending',
    },
  },
  preview: 'Can we add Spanish?',
  messages: [
    message('22222222-2222-4222-8222-222222222222', 'customer', 'Can we add Spanish?', 0),
    message('33333333-3333-4333-8333-333333333333', 'system', 'No one from support could take this chat.', 0),
  ],
};

interface Gateway {
  calls: { method: string; path: string; body?: unknown }[];
  /** Writes server-sent events to the open chat stream. */
  send(text: string): void;
}

/** The gateway as the panel sees it: support's chat routes and an open chat stream the test writes to. */
function stubGateway(routes: Record<string, unknown>): Gateway {
  const calls: Gateway['calls'] = [];
  const encoder = new TextEncoder();
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  jest.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    const path = new URL(request.url).pathname;
    const text = await request.text();
    calls.push({ method: request.method, path, body: text ? JSON.parse(text) : undefined });
    if (path === '/api/support/chats/stream') {
      const body = new ReadableStream<Uint8Array>({
        start: (started) => {
          controller = started;
          started.enqueue(encoder.encode('retry: 3000\nevent: ready\ndata: {}\n\n'));
        },
      });
      init?.signal?.addEventListener('abort', () =>
        controller?.error(new DOMException('Aborted', 'AbortError')),
      );
      return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
    }
    const key = `${request.method} ${path}`;
    if (!(key in routes)) throw new TypeError('Failed to fetch');
    const answer = routes[key];
    return typeof answer === 'function' ? (answer as () => Response)() : Response.json(answer);
  });
  return {
    calls,
    send: (text) => {
      if (!controller) throw new Error('the stream is not open');
      controller.enqueue(encoder.encode(text));
    },
  };
}

const chatEvent = (data: unknown) => `event: chat\ndata: ${JSON.stringify(data)}\n\n`;

describe('the live chat panel', () => {
  beforeAll(() => loadChatApi());
  beforeEach(() => localStorage.setItem('token', 'tok-1'));
  afterEach(() => {
    jest.restoreAllMocks();
    localStorage.clear();
  });

  it('says no one is online, and shows the ticket a new chat became with its link and first-response time', async () => {
    const offline: ChatAvailability = { staffOnline: false, ticketFirstResponseMinutes: 480 };
    const gateway = stubGateway({
      'GET /api/support/chats/availability': offline,
      'GET /api/support/chats': { chats: [] } satisfies ChatListResponse,
      'POST /api/support/chats': () => Response.json(convertedChat, { status: 201 }),
      [`GET /api/support/chats/${CHAT_ID}`]: convertedChat,
    });
    renderPage(<LiveChatPanel open onClose={jest.fn()} onUnread={jest.fn()} />, { state: signedInCustomer });
    const dialog = await screen.findByRole('dialog', { name: 'Live chat' });
    expect(
      await within(dialog).findByText(
        /No one from support is online right now\. .*we answer tickets within 8 h\./,
      ),
    ).toBeVisible();

    await userEvent.type(
      within(dialog).getByRole('textbox', { name: 'Your message' }),
      'Can we add Spanish?',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start chat' }));
    expect(await within(dialog).findByText('This conversation is now a support ticket.')).toBeVisible();
    expect(within(dialog).getByText(/^Response due in 7 h 59 min$/)).toBeVisible();
    expect(within(dialog).getByRole('link', { name: 'View the ticket' })).toHaveAttribute(
      'href',
      `/dashboard/support/${TICKET_ID}`,
    );
    expect(within(dialog).queryByRole('textbox', { name: 'Message' })).not.toBeInTheDocument();
    expect(gateway.calls.find((call) => call.method === 'POST')).toEqual({
      method: 'POST',
      path: '/api/support/chats',
      body: { message: 'Can we add Spanish?' },
    });
  });

  it('opens the chat still going, shows support typing and their answer live, and renders text as text', async () => {
    const gateway = stubGateway({
      'GET /api/support/chats/availability': { staffOnline: true, ticketFirstResponseMinutes: 480 },
      'GET /api/support/chats': { chats: [activeChat] },
      [`GET /api/support/chats/${CHAT_ID}`]: activeChat,
      [`POST /api/support/chats/${CHAT_ID}/messages`]: () =>
        Response.json(message('55555555-5555-4555-8555-555555555555', 'customer', 'Thanks!', 0), {
          status: 201,
        }),
      [`POST /api/support/chats/${CHAT_ID}/typing`]: () => new Response(null, { status: 204 }),
    });
    const { container } = renderPage(<LiveChatPanel open onClose={jest.fn()} onUnread={jest.fn()} />, {
      state: signedInCustomer,
    });
    const log = await screen.findByRole('log', { name: 'Conversation' });
    expect(within(log).getByText('<img src=x onerror=alert(1)> drops calls')).toBeVisible();
    expect(container.ownerDocument.querySelector('img[src="x"]')).toBeNull();
    expect(screen.getByText('Support is online. We usually answer within a minute.')).toBeVisible();

    await waitFor(() =>
      expect(gateway.calls.some((call) => call.path === '/api/support/chats/stream')).toBe(true),
    );
    gateway.send(chatEvent({ kind: 'typing', chatId: CHAT_ID, side: 'staff' }));
    expect(await within(log).findByText('Support is typing…')).toBeVisible();
    gateway.send(
      chatEvent({
        kind: 'message',
        chatId: CHAT_ID,
        message: message('44444444-4444-4444-8444-444444444444', 'staff', 'Which number do you call?', 0),
      }),
    );
    expect(await within(log).findByText('Which number do you call?')).toBeVisible();
    expect(within(log).queryByText('Support is typing…')).not.toBeInTheDocument();
    gateway.send(chatEvent({ kind: 'presence', staffOnline: false }));
    expect(await screen.findByText(/No one from support is online right now\./)).toBeVisible();

    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'Thanks!{Enter}');
    expect(await within(log).findByText('Thanks!')).toBeVisible();
    expect(gateway.calls.filter((call) => call.path.endsWith('/typing'))).toHaveLength(1);
    expect(gateway.calls.find((call) => call.path.endsWith('/messages'))?.body).toEqual({
      message: 'Thanks!',
    });
  });

  it('is offered to a member of an organization, not to a session without one', () => {
    jest.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    const { unmount } = renderPage(<LiveChatLauncher />, { state: signedInCustomer });
    expect(screen.getByRole('button', { name: 'Chat with support' })).toBeVisible();
    unmount();
    renderPage(<LiveChatLauncher />, {
      state: { session: { hasToken: false, user: null, checking: false } },
    });
    expect(screen.queryByRole('button', { name: 'Chat with support' })).not.toBeInTheDocument();
  });
});

import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CustomerTicket, TicketMessage } from '@portal/contracts';
import { renderPage, type StubbedRoutes } from '@portal/web-testing';
import { serverError, signedInCustomer } from '../dashboard-fixtures';
import { aCustomerTicket, aMessage, stubSupportApi } from './support-fixtures';
import { loadSupportApi, ticketChanged } from './support-api';
import { SupportTab } from './SupportTab';

const ID = 'c0ffee00-1234-4abc-8def-0123456789ab';
const TICKET = `/api/support/tickets/${ID}`;
const COLLEAGUE = '7a1c1d52-8a43-4f0e-9a51-3b7c1f0d2e22';

const staffReply = aMessage({
  id: 'e0000000-0000-4000-8000-000000000002',
  author: 'staff',
  authorId: null,
  body: 'We are looking into the Dialpad line now.',
  createdAt: '2026-11-24T16:05:00.000Z',
  attachments: [
    {
      id: 'f0000000-0000-4000-8000-000000000001',
      fileName: 'call-log.pdf',
      contentType: 'application/pdf',
      size: 2_400_000,
    },
  ],
});

function ticketRoutes(ticket: CustomerTicket, messages: TicketMessage[], routes: StubbedRoutes = {}) {
  return stubSupportApi({
    [`GET ${TICKET}`]: () => ({ status: 200, body: ticket }),
    [`GET ${TICKET}/messages`]: () => ({ status: 200, body: { messages } }),
    [`POST ${TICKET}/read`]: { status: 204 },
    ...routes,
  });
}

/**
 * Uploads (`POST /api/support/attachments?name=`, the file's bytes) answered by `answer`: the fetch stub
 * reads bodies as JSON, a file's bytes are not. Records the name asked for.
 */
function answerUploads(answer: (name: string) => { status: number; body: unknown }): string[] {
  const names: string[] = [];
  const stubbed = (globalThis.fetch as jest.Mock).getMockImplementation()!;
  (globalThis.fetch as jest.Mock).mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(
      typeof input === 'string' || input instanceof URL ? input : input.url,
      'http://localhost',
    );
    if (url.pathname === '/api/support/attachments') {
      const name = url.searchParams.get('name')!;
      names.push(name);
      const { status, body } = answer(name);
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }
    return stubbed(input, init);
  });
  return names;
}

const renderTicket = () =>
  renderPage(<SupportTab ticketId={ID} listPath="/dashboard/support" />, {
    route: `/dashboard/support/${ID}`,
    state: signedInCustomer,
  });

describe('Ticket page', () => {
  beforeAll(() => loadSupportApi());
  beforeEach(() => jest.useFakeTimers({ now: new Date('2026-11-24T16:30:00.000Z'), advanceTimers: true }));
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('shows the ticket, its SLA line and the thread oldest first with who wrote each message', async () => {
    ticketRoutes(aCustomerTicket({ title: 'Calls drop after 30 seconds' }), [
      aMessage(),
      staffReply,
      aMessage({
        id: 'e0000000-0000-4000-8000-000000000003',
        authorId: COLLEAGUE,
        body: 'Still happening.',
        createdAt: '2026-11-24T16:20:00.000Z',
      }),
    ]);
    renderTicket();
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Calls drop after 30 seconds' }),
    ).toBeInTheDocument();
    // Opened 15:30, medium: first response due 23:30; it is 16:30 (and a few ms).
    expect(screen.getByTestId('sla-line')).toHaveTextContent(
      /^Response due in 6 h 59 min|Response due in 7 h$/,
    );
    const thread = screen.getByRole('list', { name: 'Conversation' });
    const items = within(thread).getAllByRole('listitem', { name: /, Nov 24, 2026/ });
    expect(items.map((item) => item.getAttribute('aria-label')!.split(',')[0])).toEqual([
      'You',
      'Support',
      'Your team',
    ]);
    expect(items[1]).toHaveTextContent('We are looking into the Dialpad line now.');
    expect(
      within(items[1]!).getByRole('button', { name: 'Download call-log.pdf (2.3 MB)' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All tickets' })).toHaveAttribute('href', '/dashboard/support');
  });

  it("says 'Answered in 35 min' once support answered", async () => {
    ticketRoutes(
      aCustomerTicket({
        sla: {
          ...aCustomerTicket().sla,
          firstResponse: {
            targetMinutes: 480,
            dueAt: '2026-11-24T23:30:00.000Z',
            metAt: '2026-11-24T16:05:00.000Z',
            state: 'met',
          },
        },
      }),
      [aMessage(), staffReply],
    );
    renderTicket();
    expect(await screen.findByTestId('sla-line')).toHaveTextContent('Answered in 35 min');
  });

  it('marks an unread ticket read when it is opened, and again after the next staff reply', async () => {
    let ticket = aCustomerTicket({ unread: true });
    const calls = ticketRoutes(ticket, [aMessage(), staffReply], {
      [`GET ${TICKET}`]: () => ({ status: 200, body: ticket }),
      [`POST ${TICKET}/read`]: () => {
        ticket = aCustomerTicket({ unread: false });
        return { status: 204 };
      },
    });
    const reads = () => calls.filter((call) => call.method === 'POST' && call.path === `${TICKET}/read`);
    const { store } = renderTicket();
    await waitFor(() => expect(reads()).toHaveLength(1));
    await waitFor(() => expect(calls.filter((call) => call.path === TICKET)).toHaveLength(2));
    // Staff answer again: the ticket is read again (the stream or focus says so), unread once more.
    ticket = aCustomerTicket({ unread: true });
    act(() => void store.dispatch(ticketChanged(ID)));
    await waitFor(() => expect(reads()).toHaveLength(2));
  });

  it('does not mark a read ticket again', async () => {
    const calls = ticketRoutes(aCustomerTicket(), [aMessage()]);
    renderTicket();
    await screen.findByRole('list', { name: 'Conversation' });
    expect(calls.some((call) => call.path === `${TICKET}/read`)).toBe(false);
  });

  it('sends a reply with an uploaded attachment, then clears the form', async () => {
    const messages = [aMessage()];
    const calls = ticketRoutes(aCustomerTicket(), messages, {
      [`POST ${TICKET}/messages`]: () => {
        messages.push(
          aMessage({ id: 'e0000000-0000-4000-8000-000000000010', body: 'Here is a screenshot.' }),
        );
        return { status: 201, body: { message: messages.at(-1), ticket: aCustomerTicket() } };
      },
    });
    const uploads = answerUploads((name) => ({
      status: 201,
      body: { id: 'f0000000-0000-4000-8000-000000000009', fileName: name, contentType: 'image/png', size: 4 },
    }));
    renderTicket();
    const form = await screen.findByRole('form', { name: 'Reply' });
    const send = within(form).getByRole('button', { name: 'Send reply' });
    expect(send).toBeDisabled();
    // (The test's fetch stub reads every body as JSON: these four bytes are.)
    const file = new File(['1234'], 'screen.png', { type: 'image/png' });
    fireEvent.change(screen.getByTestId('attachment-input'), { target: { files: [file] } });
    const files = await within(form).findByRole('list', { name: 'Files to send' });
    await waitFor(() => expect(within(files).getByText('screen.png (4 B)')).toBeInTheDocument());
    await userEvent.type(
      within(form).getByRole('textbox', { name: 'Your reply' }),
      '  Here is a screenshot.  ',
    );
    await waitFor(() => expect(send).toBeEnabled());
    await userEvent.click(send);

    await waitFor(() =>
      expect(
        calls.find((call) => call.method === 'POST' && call.path === `${TICKET}/messages`)?.body,
      ).toEqual({
        body: 'Here is a screenshot.',
        attachmentIds: ['f0000000-0000-4000-8000-000000000009'],
      }),
    );
    await waitFor(() => expect(within(form).getByRole('textbox', { name: 'Your reply' })).toHaveValue(''));
    expect(within(form).queryByRole('list', { name: 'Files to send' })).not.toBeInTheDocument();
    expect(uploads).toEqual(['screen.png']);
    expect(await screen.findByText('Here is a screenshot.')).toBeInTheDocument();
  });

  it('refuses a file over 10 MB before sending it, and names the upload the service refused', async () => {
    ticketRoutes(aCustomerTicket(), [aMessage()]);
    const uploads = answerUploads(() =>
      serverError('Attach an image (PNG, JPEG, GIF, WebP), a PDF or a plain text file', 415),
    );
    renderTicket();
    const form = await screen.findByRole('form', { name: 'Reply' });
    const big = new File(['x'], 'huge.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: 11 * 1024 * 1024 });
    const page = new File(['"<html>"'], 'page.png', { type: 'image/png' });
    fireEvent.change(screen.getByTestId('attachment-input'), { target: { files: [big, page] } });
    expect(await within(form).findByText('huge.pdf: Larger than 10 MB')).toBeInTheDocument();
    expect(
      await within(form).findByText(
        'page.png: Attach an image (PNG, JPEG, GIF, WebP), a PDF or a plain text file',
      ),
    ).toBeInTheDocument();
    expect(uploads).toEqual(['page.png']);
    await userEvent.click(within(form).getByRole('button', { name: 'Remove huge.pdf' }));
    expect(within(form).queryByText(/huge\.pdf/)).not.toBeInTheDocument();
  });

  it('closes an open ticket', async () => {
    let ticket = aCustomerTicket();
    const calls = ticketRoutes(ticket, [aMessage()], {
      [`GET ${TICKET}`]: () => ({ status: 200, body: ticket }),
      [`POST ${TICKET}/close`]: () => {
        ticket = aCustomerTicket({
          status: 'closed',
          closedAt: '2026-11-24T16:30:00.000Z',
          reopenableUntil: '2026-12-08T16:30:00.000Z',
        });
        return { status: 200, body: ticket };
      },
    });
    const { store } = renderTicket();
    await userEvent.click(await screen.findByRole('button', { name: 'Close ticket' }));
    expect(await screen.findByRole('button', { name: 'Reopen ticket' })).toBeInTheDocument();
    expect(calls.some((call) => call.path === `${TICKET}/close`)).toBe(true);
    expect(store.getState().toast.current).toMatchObject({ title: 'Ticket closed', severity: 'success' });
    expect(
      screen.getByText(/Replying reopens this ticket \(possible until Dec 8, 2026\)\./),
    ).toBeInTheDocument();
  });

  it('reopens a ticket closed within 14 days', async () => {
    let ticket = aCustomerTicket({
      status: 'closed',
      closedAt: '2026-11-20T10:00:00.000Z',
      reopenableUntil: '2026-12-04T10:00:00.000Z',
    });
    ticketRoutes(ticket, [aMessage()], {
      [`GET ${TICKET}`]: () => ({ status: 200, body: ticket }),
      [`POST ${TICKET}/reopen`]: () => {
        ticket = aCustomerTicket({ status: 'open' });
        return { status: 200, body: ticket };
      },
    });
    renderTicket();
    await userEvent.click(await screen.findByRole('button', { name: 'Reopen ticket' }));
    expect(await screen.findByRole('button', { name: 'Close ticket' })).toBeInTheDocument();
  });

  it('offers no reply nor reopen on a ticket closed more than 14 days ago', async () => {
    ticketRoutes(
      aCustomerTicket({
        status: 'closed',
        closedAt: '2026-11-01T10:00:00.000Z',
        reopenableUntil: '2026-11-15T10:00:00.000Z',
      }),
      [aMessage()],
    );
    renderTicket();
    expect(
      await screen.findByText(/closed more than 14 days ago and can no longer be reopened/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Reply' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reopen ticket' })).not.toBeInTheDocument();
  });

  it("shows 'Ticket not found' for an unknown ticket or another organization's (the same 404)", async () => {
    stubSupportApi({
      [`GET ${TICKET}`]: serverError('Ticket not found', 404),
      [`GET ${TICKET}/messages`]: serverError('Ticket not found', 404),
    });
    renderTicket();
    expect(await screen.findByRole('heading', { name: 'Ticket not found' })).toBeInTheDocument();
  });

  it('reads the ticket again when a staff reply comes on the live stream', async () => {
    const messages = [aMessage()];
    const encoder = new TextEncoder();
    let push: (text: string) => void = () => {};
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        push = (text) => controller.enqueue(encoder.encode(text));
      },
    });
    const calls = ticketRoutes(aCustomerTicket(), messages, {
      'GET /api/support/stream': () => ({ status: 200, body: undefined }),
    });
    // The stream's answer is a body that stays open (stubFetch answers JSON): replace that one call.
    const stubbed = (globalThis.fetch as jest.Mock).getMockImplementation()!;
    (globalThis.fetch as jest.Mock).mockImplementation(
      async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = new URL(new Request(input, init).url);
        if (url.pathname === '/api/support/stream') {
          calls.push({
            method: 'GET',
            path: `${url.pathname}${url.search}`,
            authorization: null,
            body: undefined,
          });
          return new Response(stream, { status: 200, headers: { 'content-type': 'text/event-stream' } });
        }
        return stubbed(input, init);
      },
    );
    localStorage.setItem('token', 'a-token');
    renderTicket();
    await screen.findByRole('list', { name: 'Conversation' });
    await waitFor(() =>
      expect(calls.some((call) => call.path === `/api/support/stream?ticketId=${ID}`)).toBe(true),
    );
    act(() => push('event: ready\ndata: {}\n\n'));
    messages.push(staffReply);
    act(() =>
      push(
        `event: ticket\ndata: ${JSON.stringify({ ticketId: ID, change: 'replied', by: 'staff', status: 'open', at: '2026-11-24T16:31:00.000Z' })}\n\n`,
      ),
    );
    expect(await screen.findByText('We are looking into the Dialpad line now.')).toBeInTheDocument();
    localStorage.removeItem('token');
  });
});

import { createRef } from 'react';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StaffTicketMessage, TicketAttachment } from '@portal/contracts';
import { renderPage, stubFetch, type StubbedRoutes } from '@portal/web-testing';
import { loadStaffApi } from '../../api/staff-api';
import {
  ORGANIZATION_ID,
  message,
  signedInAsStaff,
  staffMe,
  staffTicket,
  users,
} from '../../testing/staff-fixtures';
import { TicketPanel, type PanelActions } from './TicketPanel';

const ticket = staffTicket();
const TICKET = `/api/support/staff/tickets/${ticket.id}`;
const WRONG_TYPE = 'Attach an image (PNG, JPEG, GIF, WebP), a PDF or a plain text file';

const screenshot = (name: string, index = 9): TicketAttachment => ({
  id: `f0000000-0000-4000-8000-00000000000${index}`,
  fileName: name,
  contentType: 'image/png',
  size: 4,
});

/**
 * The panel's routes, the thread as `thread` holds it. Uploads are answered by `answer` apart from the
 * stub (it reads every body as JSON, a file's bytes are not), their names and tokens kept.
 */
function panelRoutes(
  thread: StaffTicketMessage[],
  answer: (name: string, index: number) => { status: number; body: unknown },
  routes: StubbedRoutes = {},
) {
  const calls = stubFetch({
    'GET /api/identity/staff/users': users,
    [`GET /api/identity/staff/organizations/${ORGANIZATION_ID}`]: { status: 404, body: {} },
    'GET /api/support/staff/open-tickets': { status: 200, body: { organizations: [] } },
    'GET /api/crm/staff/integrations/health': { status: 200, body: { organizations: [] } },
    [`GET ${TICKET}`]: () => ({ status: 200, body: { ticket, messages: thread } }),
    ...routes,
  });
  const uploaded: { name: string; authorization: string | null }[] = [];
  const stubbed = (globalThis.fetch as jest.Mock).getMockImplementation()!;
  (globalThis.fetch as jest.Mock).mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    if (request.method !== 'POST' || url.pathname !== '/api/support/staff/attachments')
      return stubbed(input, init);
    const name = url.searchParams.get('name')!;
    uploaded.push({ name, authorization: request.headers.get('authorization') });
    const { status, body } = answer(name, uploaded.length);
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  return {
    calls,
    uploaded: () => uploaded.map((each) => each.name),
    tokens: () => uploaded.map((each) => each.authorization),
  };
}

/** Files as the picker hands them over. */
const choose = (...files: File[]) =>
  fireEvent.change(screen.getByTestId('attachment-input'), { target: { files } });
const png = (name: string) => new File(['1234'], name, { type: 'image/png' });

function renderPanel() {
  renderPage(<TicketPanel ticketId={ticket.id} onClose={() => {}} actions={createRef<PanelActions>()} />, {
    state: signedInAsStaff,
  });
  return screen.findByRole('region', { name: ticket.title });
}

describe('the ticket panel’s attachments', () => {
  beforeAll(() => loadStaffApi());
  beforeEach(() => localStorage.setItem('token', 'staff-token'));
  afterEach(() => {
    jest.restoreAllMocks();
    localStorage.clear();
  });

  it('uploads a chosen file to the staff route, lists it, and sends its id with the reply; the sent message shows it', async () => {
    const thread = [message()];
    const { calls, uploaded, tokens } = panelRoutes(
      thread,
      (name) => ({ status: 201, body: screenshot(name) }),
      {
        [`POST ${TICKET}/messages`]: () => {
          thread.push(
            message({
              id: '44444444-4444-4444-8444-444444444444',
              author: 'staff',
              authorId: staffMe.id,
              body: 'The graph you asked for.',
              attachments: [screenshot('graph.png')],
            }),
          );
          return { status: 201, body: { message: thread.at(-1), ticket } };
        },
      },
    );
    const panel = await renderPanel();
    choose(png('graph.png'));
    const files = await within(panel).findByRole('list', { name: 'Files to send' });
    await waitFor(() => expect(within(files).getByText('graph.png (4 B)')).toBeVisible());
    expect(within(files).getByRole('button', { name: 'Remove graph.png' })).toBeVisible();
    expect(uploaded()).toEqual(['graph.png']);
    expect(tokens()).toEqual(['Bearer staff-token']);

    await userEvent.type(within(panel).getByLabelText('Reply to the customer'), 'The graph you asked for.');
    await userEvent.click(within(panel).getByRole('button', { name: 'Send reply' }));
    await waitFor(() =>
      expect(calls).toContainEqual(
        expect.objectContaining({
          method: 'POST',
          path: `${TICKET}/messages`,
          body: { body: 'The graph you asked for.', internal: false, attachmentIds: [screenshot('').id] },
        }),
      ),
    );
    await waitFor(() =>
      expect(within(panel).queryByRole('list', { name: 'Files to send' })).not.toBeInTheDocument(),
    );
    const conversation = within(panel).getByRole('list', { name: 'Conversation' });
    const sent = (await within(conversation).findByText('The graph you asked for.')).closest('li')!;
    expect(within(sent).getByRole('button', { name: 'graph.png (4 B)' })).toBeVisible();
  });

  it('attaches files to an internal note too', async () => {
    const { calls } = panelRoutes(
      [message()],
      (name, index) => ({ status: 201, body: screenshot(name, index) }),
      {
        [`POST ${TICKET}/messages`]: { status: 201, body: { message: message(), ticket } },
      },
    );
    const panel = await renderPanel();
    await userEvent.click(within(panel).getByRole('button', { name: 'Internal note' }));
    choose(png('trace-1.png'), png('trace-2.png'));
    await waitFor(() => expect(within(panel).getByText('trace-2.png (4 B)')).toBeVisible());
    await userEvent.type(within(panel).getByLabelText('Internal note (only staff see it)'), 'Traces.');
    await userEvent.click(within(panel).getByRole('button', { name: 'Add note' }));
    await waitFor(() =>
      expect(calls).toContainEqual(
        expect.objectContaining({
          method: 'POST',
          path: `${TICKET}/messages`,
          body: {
            body: 'Traces.',
            internal: true,
            attachmentIds: [screenshot('', 1).id, screenshot('', 2).id],
          },
        }),
      ),
    );
  });

  it('says why a file cannot go: over 10 MB (never sent), a type the service refused (its words), more than five', async () => {
    const { uploaded } = panelRoutes([message()], (name, index) =>
      name === 'page.png'
        ? { status: 415, body: { statusCode: 415, message: WRONG_TYPE, error: 'Unsupported Media Type' } }
        : { status: 201, body: screenshot(name, index) },
    );
    const panel = await renderPanel();
    const big = new File(['x'], 'huge.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: 11 * 1024 * 1024 });
    choose(big, png('page.png'));
    expect(await within(panel).findByText('huge.pdf: Larger than 10 MB')).toBeVisible();
    expect(await within(panel).findByText(`page.png: ${WRONG_TYPE}`)).toBeVisible();
    expect(uploaded()).toEqual(['page.png']);
    // A refused file takes no room: five more fit, a sixth does not.
    choose(...['1', '2', '3', '4', '5', '6'].map((n) => png(`shot-${n}.png`)));
    expect(within(panel).getByRole('alert')).toHaveTextContent('At most 5 attachments per message');
    await waitFor(() => expect(within(panel).getByText('shot-5.png (4 B)')).toBeVisible());
    expect(within(panel).queryByText(/shot-6\.png/)).not.toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Attach files' })).toBeDisabled();

    await userEvent.click(within(panel).getByRole('button', { name: 'Remove huge.pdf' }));
    await userEvent.click(within(panel).getByRole('button', { name: 'Remove shot-1.png' }));
    expect(within(panel).queryByText(/huge\.pdf/)).not.toBeInTheDocument();
    expect(within(panel).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Attach files' })).toBeEnabled();
  });
});

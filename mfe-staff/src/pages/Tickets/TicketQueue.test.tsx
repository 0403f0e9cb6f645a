import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage, stubFetch } from '@portal/web-testing';
import { loadStaffApi } from '../../api/staff-api';
import {
  ORGANIZATION_ID,
  message,
  signedInAsStaff,
  staffMe,
  staffTicket,
  users,
} from '../../testing/staff-fixtures';
import TicketQueue from './TicketQueue';

const breaching = staffTicket();
const calm = staffTicket({
  id: '33333333-3333-4333-8333-333333333333',
  title: 'Invoice address',
  priority: 'low',
  breaching: false,
  assigneeId: staffMe.id,
});

const context = {
  'GET /api/identity/staff/users': users,
  'GET /api/support/staff/deflections': { status: 200, body: { total: 12, last30Days: 4, byArticle: [] } },
  'GET /api/support/staff/stream': { status: 403, body: { statusCode: 403, message: 'Forbidden resource' } },
  'GET /api/identity/staff/organizations/0d7e8f5a-1b2c-4d3e-8f9a-0b1c2d3e4f5a': {
    status: 200,
    body: {
      id: ORGANIZATION_ID,
      name: 'Lee Logistics',
      planId: 'scale',
      timezone: 'America/New_York',
      createdAt: '2026-01-02T10:00:00.000Z',
      memberCount: 2,
      owner: null,
      members: [],
    },
  },
  'GET /api/support/staff/open-tickets': {
    status: 200,
    body: { organizations: [{ organizationId: ORGANIZATION_ID, open: 3, breaching: 1 }] },
  },
  'GET /api/crm/staff/integrations/health': {
    status: 200,
    body: {
      organizations: [
        {
          organizationId: ORGANIZATION_ID,
          configured: 2,
          active: 1,
          lastEventAt: new Date().toISOString(),
          lastError: null,
        },
      ],
    },
  },
};

describe('the ticket queue', () => {
  beforeAll(() => loadStaffApi());
  beforeEach(() => localStorage.setItem('token', 'staff-token'));
  afterEach(() => {
    jest.restoreAllMocks();
    localStorage.clear();
  });

  it('asks for the filters of the address and lists the page as the server sorts it, breaching marked in words', async () => {
    const asked: string[] = [];
    stubFetch({
      ...context,
      'GET /api/support/staff/tickets': (request) => {
        asked.push(new URL(request.url).search);
        return { status: 200, body: { tickets: [breaching, calm], nextCursor: null } };
      },
    });
    renderPage(<TicketQueue />, {
      route: '/staff?status=open&assignee=me&breaching=true&priority=bogus',
      state: signedInAsStaff,
    });
    const table = await screen.findByRole('table', { name: 'Tickets' });
    // The table stands while its first page loads: wait for the page's rows.
    await within(table).findByRole('button', { name: 'Calls drop after 30 seconds' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByText('Breaching')).toBeVisible();
    expect(within(rows[0]!).getByRole('button', { name: 'Calls drop after 30 seconds' })).toBeVisible();
    expect(within(rows[0]!).getByText(/^First response due in (19|20) min$/)).toBeVisible();
    expect(await within(rows[0]!).findByText('Ann Lee')).toBeVisible();
    expect(within(rows[1]!).queryByText('Breaching')).not.toBeInTheDocument();
    expect(within(rows[1]!).getByText('Sam Ortiz')).toBeVisible();
    expect(asked).toEqual(['?status=open&assigneeId=me&breaching=true']);
    expect(screen.getByLabelText('Breaching only')).toBeChecked();
    expect(await screen.findByText(/Solved by the help center:/)).toHaveTextContent(
      'Solved by the help center: 4 in 30 days (12 in all)',
    );
  });

  it("'Load more' asks for the next cursor's page and adds it below", async () => {
    stubFetch({
      ...context,
      'GET /api/support/staff/tickets': (request) =>
        new URL(request.url).searchParams.get('cursor') === 'page-2'
          ? { status: 200, body: { tickets: [calm], nextCursor: null } }
          : { status: 200, body: { tickets: [breaching], nextCursor: 'page-2' } },
    });
    renderPage(<TicketQueue />, { route: '/staff', state: signedInAsStaff });
    await userEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('button', { name: 'Invoice address' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Calls drop after 30 seconds' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('says so when the queue cannot be read, with the server’s words and Try again', async () => {
    stubFetch({
      ...context,
      'GET /api/support/staff/tickets': {
        status: 403,
        body: { statusCode: 403, message: 'Forbidden resource' },
      },
    });
    renderPage(<TicketQueue />, { route: '/staff', state: signedInAsStaff });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We could not load the queue.');
    expect(alert).toHaveTextContent('403: Forbidden resource');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeVisible();
  });

  it('opens a ticket beside the queue: the thread with the internal note marked, the customer’s context; assign to me and a note go to the server', async () => {
    const note = message({
      id: '44444444-4444-4444-8444-444444444444',
      author: 'staff',
      authorId: staffMe.id,
      body: 'Carrier outage suspected.',
      internal: true,
    });
    const calls = stubFetch({
      ...context,
      'GET /api/support/staff/tickets': { status: 200, body: { tickets: [breaching], nextCursor: null } },
      [`GET /api/support/staff/tickets/${breaching.id}`]: {
        status: 200,
        body: { ticket: breaching, messages: [message(), note] },
      },
      [`PATCH /api/support/staff/tickets/${breaching.id}`]: {
        status: 200,
        body: { ...breaching, assigneeId: staffMe.id },
      },
      [`POST /api/support/staff/tickets/${breaching.id}/messages`]: {
        status: 201,
        body: { message: note, ticket: breaching },
      },
    });
    renderPage(<TicketQueue />, { route: `/staff?ticket=${breaching.id}`, state: signedInAsStaff });
    const panel = await screen.findByRole('region', { name: 'Calls drop after 30 seconds' });
    const thread = within(panel).getByRole('list', { name: 'Conversation' });
    const [first, second] = within(thread).getAllByRole('listitem');
    expect(first).not.toHaveTextContent('Internal note');
    expect(second).toHaveTextContent('Internal note');
    expect(second).toHaveTextContent('Carrier outage suspected.');
    expect(await within(panel).findByText('Lee Logistics')).toBeVisible();
    expect(within(panel).getByText('3 open, 1 breaching')).toBeVisible();
    expect(within(panel).getByRole('link', { name: 'All tickets of Ann Lee' })).toHaveAttribute(
      'href',
      '/staff?customer=6f1c1d52-8a43-4f0e-9a51-3b7c1f0d2e11',
    );

    await userEvent.click(within(panel).getByRole('button', { name: 'Assign to me' }));
    await waitFor(() =>
      expect(calls).toContainEqual(
        expect.objectContaining({
          method: 'PATCH',
          body: { assigneeId: 'me' },
          authorization: 'Bearer staff-token',
        }),
      ),
    );

    await userEvent.click(within(panel).getByRole('button', { name: 'Internal note' }));
    await userEvent.click(within(panel).getByRole('button', { name: 'Add note' }));
    expect(within(panel).getByText('Message is required')).toBeVisible();
    await userEvent.type(
      within(panel).getByLabelText('Internal note (only staff see it)'),
      'Escalated to the carrier.',
    );
    await userEvent.click(within(panel).getByRole('button', { name: 'Add note' }));
    await waitFor(() =>
      expect(calls).toContainEqual(
        expect.objectContaining({
          method: 'POST',
          body: { body: 'Escalated to the carrier.', internal: true, attachmentIds: [] },
        }),
      ),
    );
  });

  it('moves through the queue with j and k and assigns with a', async () => {
    const calls = stubFetch({
      ...context,
      'GET /api/support/staff/tickets': {
        status: 200,
        body: { tickets: [breaching, calm], nextCursor: null },
      },
      [`GET /api/support/staff/tickets/${breaching.id}`]: {
        status: 200,
        body: { ticket: breaching, messages: [message()] },
      },
      [`GET /api/support/staff/tickets/${calm.id}`]: {
        status: 200,
        body: { ticket: calm, messages: [message({ body: 'Where do invoices go?' })] },
      },
      [`PATCH /api/support/staff/tickets/${breaching.id}`]: { status: 200, body: breaching },
    });
    renderPage(<TicketQueue />, { route: '/staff', state: signedInAsStaff });
    // Each move reads the ticket and draws it: over a second on a busy machine, the default wait.
    const drawn = { timeout: 5000 };
    await screen.findByRole('button', { name: 'Invoice address' }, drawn);
    await userEvent.keyboard('j');
    expect(await screen.findByRole('region', { name: 'Calls drop after 30 seconds' }, drawn)).toBeVisible();
    await userEvent.keyboard('j');
    expect(await screen.findByRole('region', { name: 'Invoice address' }, drawn)).toBeVisible();
    await userEvent.keyboard('k');
    expect(await screen.findByRole('region', { name: 'Calls drop after 30 seconds' }, drawn)).toBeVisible();
    await userEvent.keyboard('a');
    await waitFor(() =>
      expect(calls).toContainEqual(expect.objectContaining({ method: 'PATCH', body: { assigneeId: 'me' } })),
    );
    await userEvent.keyboard('{Escape}');
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Calls drop after 30 seconds' })).not.toBeInTheDocument(),
    );
  });
});

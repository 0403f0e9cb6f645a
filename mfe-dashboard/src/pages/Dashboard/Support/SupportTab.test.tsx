import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CustomerTicket, Ticket } from '@portal/contracts';
import { renderPage, type StubbedAnswer, type StubbedRoutes } from '@portal/web-testing';
import { loadDashboardApi } from '../../../api/dashboard-api';
import { errorToast, serverError, signedInCustomer } from '../dashboard-fixtures';
import { aCustomerTicket as aTicket, stubSupportApi as stubDashboardApi } from './support-fixtures';
import { loadSupportApi } from './support-api';
import { SupportTab } from './SupportTab';

const renderSupport = () =>
  renderPage(<SupportTab />, { route: '/dashboard/support', state: signedInCustomer });

const chipOf = (element: HTMLElement) => element.closest('.MuiChip-root');

/** Tickets answered by GET, growing with each successful POST as the service would. */
function ticketService(
  initial: CustomerTicket[] = [],
  createAnswer?: () => StubbedAnswer | Promise<StubbedAnswer>,
  routes: StubbedRoutes = {},
) {
  const tickets = [...initial];
  const calls = stubDashboardApi({
    'GET /api/support/tickets/page': () => ({ status: 200, body: { tickets, nextCursor: null } }),
    'POST /api/support/tickets': () => {
      if (createAnswer) return createAnswer();
      // stubFetch has read the request's body already: the recorded call holds it.
      const body = calls.at(-1)!.body as Pick<Ticket, 'title' | 'description' | 'priority'>;
      const ticket = aTicket({ ...body, id: 'd00dfeed-1234-4abc-8def-0123456789ab', status: 'open' });
      tickets.unshift(ticket);
      return { status: 201, body: ticket };
    },
    ...routes,
  });
  return calls;
}

async function fillTicket(title: string, description: string) {
  const dialog = screen.getByRole('dialog', { name: 'New Ticket' });
  await userEvent.type(within(dialog).getByRole('textbox', { name: 'Title' }), title);
  await userEvent.type(within(dialog).getByRole('textbox', { name: 'Description' }), description);
  return dialog;
}

describe('Support tab', () => {
  beforeAll(() => Promise.all([loadDashboardApi(), loadSupportApi()]));
  afterEach(() => jest.restoreAllMocks());

  it('lists tickets with title, description, date, priority and status badges', async () => {
    ticketService([
      aTicket({ id: 'a0000000-0000-4000-8000-000000000001', title: 'Dialer down', priority: 'urgent' }),
      aTicket({
        id: 'a0000000-0000-4000-8000-000000000002',
        title: 'Invoice address',
        description: 'Please update the billing address on our invoices.',
        priority: 'low',
        status: 'resolved',
      }),
      aTicket({ id: 'a0000000-0000-4000-8000-000000000003', title: 'New agent', status: 'in_progress' }),
      aTicket({ id: 'a0000000-0000-4000-8000-000000000004', title: 'Escalation', priority: 'high' }),
    ]);
    renderSupport();
    const list = await screen.findByRole('list', { name: 'Your support tickets' });
    expect(
      within(list)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Dialer down', 'Invoice address', 'New agent', 'Escalation']);

    const invoice = within(list).getByRole('listitem', { name: 'Invoice address' });
    expect(invoice).toHaveTextContent('Please update the billing address on our invoices.');
    expect(invoice).toHaveTextContent('Opened Nov 24, 2026');
    expect(chipOf(within(invoice).getByText('resolved'))).toHaveClass('MuiChip-colorSuccess');
    expect(chipOf(within(invoice).getByText('low priority'))).toHaveClass('MuiChip-colorDefault');

    const dialer = within(list).getByRole('listitem', { name: 'Dialer down' });
    expect(chipOf(within(dialer).getByText('open'))).toHaveClass('MuiChip-colorError');
    expect(chipOf(within(dialer).getByText('urgent priority'))).toHaveClass('MuiChip-colorError');

    const agent = within(list).getByRole('listitem', { name: 'New agent' });
    expect(chipOf(within(agent).getByText('in progress'))).toHaveClass('MuiChip-colorSuccess');
    expect(chipOf(within(agent).getByText('medium priority'))).toHaveClass('MuiChip-colorDefault');

    const escalation = within(list).getByRole('listitem', { name: 'Escalation' });
    expect(chipOf(within(escalation).getByText('high priority'))).toHaveClass('MuiChip-colorError');
  });

  it('shows a title and description with bidi override characters without them, each isolated', async () => {
    ticketService([
      aTicket({
        id: 'a0000000-0000-4000-8000-000000000005',
        title: 'Refund invoice\u202Efdp.exe',
        description: 'See \u2067attached\u2069 \u202Dfile\u202C\u200F',
      }),
    ]);
    renderSupport();
    const ticket = await screen.findByRole('listitem', { name: 'Refund invoicefdp.exe' });
    const title = within(ticket).getByRole('heading', { level: 3 });
    expect(title.textContent).toBe('Refund invoicefdp.exe');
    expect(title.querySelector('a')?.firstElementChild?.tagName).toBe('BDI');
    const description = within(ticket).getByText('See attached file');
    expect(description.tagName).toBe('BDI');
    expect(ticket.textContent).not.toMatch(/[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/);
  });

  it("shows an empty state whose 'New Ticket' opens the dialog", async () => {
    ticketService();
    renderSupport();
    expect(await screen.findByText('No support tickets')).toBeInTheDocument();
    const buttons = screen.getAllByRole('button', { name: 'New Ticket' });
    expect(buttons).toHaveLength(1);
    await userEvent.click(buttons[0]!);
    expect(screen.getByRole('dialog', { name: 'New Ticket' })).toBeInTheDocument();
  });

  it('gives focus back to the opener, or after the first ticket to the New Ticket beside the list', async () => {
    ticketService();
    renderSupport();
    await screen.findByText('No support tickets');
    const emptyStateButton = screen.getByRole('button', { name: 'New Ticket' });
    await userEvent.click(emptyStateButton);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(emptyStateButton).toHaveFocus());

    await userEvent.click(emptyStateButton);
    const dialog = await fillTicket('Dialer down', 'No outbound calls since 9 am.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await screen.findByRole('list', { name: 'Your support tickets' });
    expect(emptyStateButton).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'New Ticket' })).toHaveFocus());
  });

  it('keeps Create disabled until title and description hold more than spaces; priority starts at Medium', async () => {
    ticketService([aTicket()]);
    renderSupport();
    await userEvent.click(await screen.findByRole('button', { name: 'New Ticket' }));
    const dialog = screen.getByRole('dialog', { name: 'New Ticket' });
    const create = within(dialog).getByRole('button', { name: 'Create' });
    expect(within(dialog).getByRole('combobox', { name: 'Priority' })).toHaveTextContent('Medium');
    expect(create).toBeDisabled();

    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Dialer down');
    expect(create).toBeDisabled();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Description' }), '   ');
    expect(create).toBeDisabled();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'No outbound calls.');
    expect(create).toBeEnabled();
    await userEvent.clear(within(dialog).getByRole('textbox', { name: 'Title' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Title' }), '  ');
    expect(create).toBeDisabled();
  });

  it('creates a ticket with the default priority medium, toasts, closes and shows it in the list', async () => {
    const calls = ticketService([aTicket({ title: 'Older ticket' })]);
    const { store } = renderSupport();
    await userEvent.click(await screen.findByRole('button', { name: 'New Ticket' }));
    const dialog = await fillTicket('  Dialer down  ', 'No outbound calls since 9 am.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      path: '/api/support/tickets',
      body: { title: 'Dialer down', description: 'No outbound calls since 9 am.', priority: 'medium' },
    });
    expect(store.getState().toast.current).toMatchObject({
      title: 'Support ticket created successfully',
      severity: 'success',
    });
    const list = screen.getByRole('list', { name: 'Your support tickets' });
    expect(await within(list).findByRole('heading', { name: 'Dialer down' })).toBeInTheDocument();
    expect(
      calls.filter((call) => call.method === 'GET' && call.path === '/api/support/tickets/page'),
    ).toHaveLength(2);
  });

  it('sends the priority chosen', async () => {
    const calls = ticketService();
    renderSupport();
    await userEvent.click(await screen.findByRole('button', { name: 'New Ticket' }));
    const dialog = await fillTicket('Escalation', 'A VIP customer was not called back.');
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Priority' }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Low',
      'Medium',
      'High',
      'Urgent',
    ]);
    await userEvent.click(screen.getByRole('option', { name: 'Urgent' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({ priority: 'urgent' }),
    );
  });

  it('shows the pending state while creating', async () => {
    let answer: (value: StubbedAnswer) => void = () => {};
    ticketService([aTicket()], () => new Promise((resolve) => (answer = resolve)));
    renderSupport();
    await userEvent.click(await screen.findByRole('button', { name: 'New Ticket' }));
    const dialog = await fillTicket('Dialer down', 'No outbound calls.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));

    await waitFor(() => expect(within(dialog).getByRole('button', { name: /Create/ })).toBeDisabled());
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    answer({ status: 201, body: aTicket({ title: 'Dialer down' }) });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("toasts 'Failed to create ticket' with the server's message and keeps the dialog and what was typed", async () => {
    ticketService([aTicket()], () => serverError('Support is briefly unavailable', 503));
    const { store } = renderSupport();
    await userEvent.click(await screen.findByRole('button', { name: 'New Ticket' }));
    const dialog = await fillTicket('Dialer down', 'No outbound calls.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));

    await waitFor(() =>
      expect(store.getState().toast.current).toMatchObject(
        errorToast('Failed to create ticket', 'Support is briefly unavailable'),
      ),
    );
    expect(screen.getByRole('dialog', { name: 'New Ticket' })).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Title' })).toHaveValue('Dialer down');
    expect(within(dialog).getByRole('textbox', { name: 'Description' })).toHaveValue('No outbound calls.');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Support is briefly unavailable');
    expect(within(dialog).getByRole('button', { name: 'Create' })).toBeEnabled();
  });

  it('Cancel closes the dialog and discards the draft', async () => {
    const calls = ticketService([aTicket()]);
    renderSupport();
    await userEvent.click(await screen.findByRole('button', { name: 'New Ticket' }));
    const dialog = await fillTicket('Dialer down', 'No outbound calls.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole('button', { name: 'New Ticket' }));
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it("toasts 'Failed to fetch tickets' and offers 'Try again'", async () => {
    let answer: StubbedAnswer = serverError('Support is briefly unavailable', 503);
    stubDashboardApi({ 'GET /api/support/tickets/page': () => answer });
    const { store } = renderSupport();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We could not load your tickets.');
    expect(store.getState().toast.current).toMatchObject(errorToast('Failed to fetch tickets'));
    // A ticket can be opened even though the list failed: that is when customers need support most.
    expect(screen.getByRole('button', { name: 'New Ticket' })).toBeEnabled();

    answer = { status: 200, body: { tickets: [aTicket()], nextCursor: null } };
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Your support tickets' })).toBeInTheDocument();
  });

  it('shows placeholder rows while the tickets load', async () => {
    stubDashboardApi({ 'GET /api/support/tickets/page': () => new Promise(() => {}) });
    renderSupport();
    expect(await screen.findByRole('status', { name: 'Loading tickets' })).toBeInTheDocument();
  });

  it("links each ticket to its page and marks those with a staff reply not yet read 'New reply'", async () => {
    ticketService([
      aTicket({ id: 'a0000000-0000-4000-8000-000000000001', title: 'Dialer down', unread: true }),
      aTicket({ id: 'a0000000-0000-4000-8000-000000000002', title: 'Invoice address' }),
    ]);
    renderSupport();
    const list = await screen.findByRole('list', { name: 'Your support tickets' });
    const dialer = within(list).getByRole('listitem', { name: 'Dialer down, new reply' });
    expect(within(dialer).getByText('New reply')).toBeInTheDocument();
    expect(within(dialer).getByRole('link', { name: 'Dialer down' })).toHaveAttribute(
      'href',
      '/dashboard/support/a0000000-0000-4000-8000-000000000001',
    );
    const invoice = within(list).getByRole('listitem', { name: 'Invoice address' });
    expect(within(invoice).queryByText('New reply')).not.toBeInTheDocument();
  });

  it("pages the list with the cursor: 'Show more tickets' adds the next page, and is gone on the last", async () => {
    const first = aTicket({ id: 'a0000000-0000-4000-8000-000000000001', title: 'Newest' });
    const second = aTicket({ id: 'a0000000-0000-4000-8000-000000000002', title: 'Oldest' });
    const calls = stubDashboardApi({
      'GET /api/support/tickets/page': (request) =>
        new URL(request.url).searchParams.get('cursor') === 'page-2'
          ? { status: 200, body: { tickets: [second], nextCursor: null } }
          : { status: 200, body: { tickets: [first], nextCursor: 'page-2' } },
    });
    renderSupport();
    const list = await screen.findByRole('list', { name: 'Your support tickets' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Show more tickets' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(
      within(list)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Newest', 'Oldest']);
    expect(screen.queryByRole('button', { name: 'Show more tickets' })).not.toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/api/support/tickets/page')).toHaveLength(2);
  });

  it('suggests help-center articles under the title; This solved it counts a deflection and opens no ticket', async () => {
    const calls = ticketService([aTicket()], undefined, {
      'POST /api/support/deflections': { status: 201, body: { counted: true } },
    });
    const { store } = renderSupport();
    await userEvent.click(await screen.findByRole('button', { name: 'New Ticket' }));
    const dialog = screen.getByRole('dialog', { name: 'New Ticket' });
    expect(
      within(dialog).queryByRole('heading', { name: 'These articles may answer it' }),
    ).not.toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Invoice payment failed');

    const suggestions = await within(dialog).findByRole('region', { name: 'These articles may answer it' });
    const article = within(suggestions).getByRole('button', { name: 'Which payment methods do you accept?' });
    expect(within(suggestions).getAllByRole('listitem').length).toBeLessThanOrEqual(3);
    expect(article).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(article);
    expect(article).toHaveAttribute('aria-expanded', 'true');
    const answer = within(suggestions).getByRole('region', { name: 'Which payment methods do you accept?' });
    expect(answer).toHaveTextContent('wire transfers and ACH bank transfers');

    await userEvent.click(within(answer).getByRole('button', { name: 'This solved it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((call) => call.path === '/api/support/deflections')).toMatchObject({
      method: 'POST',
      body: { articleId: 'which-payment-methods-do-you-accept', query: 'Invoice payment failed' },
    });
    expect(calls.some((call) => call.method === 'POST' && call.path === '/api/support/tickets')).toBe(false);
    expect(store.getState().toast.current).toMatchObject({ title: 'Glad that helped', severity: 'success' });
  });

  it('keeps the ticket when the deflection cannot be counted, and Continue with my ticket closes the article', async () => {
    ticketService([aTicket()], undefined, {
      'POST /api/support/deflections': serverError('Support is briefly unavailable', 503),
    });
    renderSupport();
    await userEvent.click(await screen.findByRole('button', { name: 'New Ticket' }));
    const dialog = screen.getByRole('dialog', { name: 'New Ticket' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'KPI dashboard empty');
    const article = await within(dialog).findByRole('button', {
      name: 'Why does my KPI dashboard show no data?',
    });
    await userEvent.click(article);
    await userEvent.click(within(dialog).getByRole('button', { name: 'This solved it' }));
    expect(
      await within(dialog).findByText(/We could not record that: Support is briefly unavailable/),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Title' })).toHaveValue('KPI dashboard empty');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue with my ticket' }));
    expect(article).toHaveAttribute('aria-expanded', 'false');
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StaffAgent, StaffOrganization } from '@portal/contracts';
import { renderPage, stubFetch, type StubbedRoutes } from '@portal/web-testing';
import { loadStaffApi } from '../../api/staff-api';
import { ORGANIZATION_ID, signedInAsStaff } from '../../testing/staff-fixtures';
import { loadAgentsApi } from './agents-api';
import AgentsPage from './AgentsPage';

const AGENT_ID = 'a9e8d7c6-b5a4-4938-8271-605f4e3d2c1b';
const OTHER_ORG = '7f6e5d4c-3b2a-4190-8f7e-6d5c4b3a2910';

const agent = (overrides: Partial<StaffAgent> = {}): StaffAgent => ({
  id: AGENT_ID,
  name: 'Priya Nair',
  title: 'Senior Support Agent',
  email: 'priya@millstonecx.com',
  active: true,
  createdAt: '2026-11-01T09:00:00.000Z',
  organizations: [{ organizationId: ORGANIZATION_ID, assignedAt: '2026-11-02T09:00:00.000Z' }],
  openTickets: 3,
  ...overrides,
});

const organization = (id: string, name: string): StaffOrganization => ({
  id,
  name,
  planId: 'growth',
  timezone: 'America/New_York',
  createdAt: '2026-10-01T09:00:00.000Z',
  memberCount: 2,
  owner: null,
});
const organizations = [
  organization(ORGANIZATION_ID, 'Lee Logistics'),
  organization(OTHER_ORG, 'Acme Freight'),
];

function stubAgents(lists: StaffAgent[][], more: StubbedRoutes = {}) {
  let call = 0;
  const asked: string[] = [];
  const calls = stubFetch({
    'GET /api/support/staff/agents': (request) => {
      asked.push(new URL(request.url).search);
      return { status: 200, body: lists[Math.min(call++, lists.length - 1)] };
    },
    'GET /api/identity/staff/organizations': (request) => {
      const q = new URL(request.url).searchParams.get('q')?.toLowerCase() ?? '';
      return {
        status: 200,
        body: {
          organizations: organizations.filter(({ name }) => name.toLowerCase().includes(q)),
          nextCursor: null,
        },
      };
    },
    [`GET /api/identity/staff/organizations/${ORGANIZATION_ID}`]: {
      status: 200,
      body: { ...organizations[0], members: [] },
    },
    [`GET /api/identity/staff/organizations/${OTHER_ORG}`]: {
      status: 200,
      body: { ...organizations[1], members: [] },
    },
    ...more,
  });
  return { calls, asked };
}

describe('the agents page', () => {
  beforeAll(() => Promise.all([loadStaffApi(), loadAgentsApi()]));
  afterEach(() => jest.restoreAllMocks());

  it('lists agents with title, email, status, accounts and open tickets', async () => {
    stubAgents([
      [
        agent(),
        agent({
          id: 'b1b1b1b1-1111-4111-8111-111111111111',
          name: 'Tom Ode',
          active: false,
          organizations: [],
          openTickets: 0,
        }),
      ],
    ]);
    renderPage(<AgentsPage />, { route: '/staff/agents', state: signedInAsStaff });
    const table = await screen.findByRole('table', { name: 'Agents' });
    const priya = (await within(table).findByRole('button', { name: 'Priya Nair' })).closest('tr')!;
    expect(
      within(priya)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Priya Nair', 'Senior Support Agent', 'priya@millstonecx.com', 'Active', '1', '3']);
    const tom = within(table).getByRole('button', { name: 'Tom Ode' }).closest('tr')!;
    expect(tom).toHaveTextContent('Inactive');
  });

  it('filters by customer organization, chosen by name', async () => {
    const user = userEvent.setup();
    const { asked } = stubAgents([[agent()]]);
    renderPage(<AgentsPage />, { route: '/staff/agents', state: signedInAsStaff });
    await screen.findByRole('table', { name: 'Agents' });
    const filter = within(screen.getByRole('search', { name: 'Filter the agents' }));
    await user.type(filter.getByRole('combobox', { name: 'Customer organization' }), 'acme');
    await user.click(await screen.findByRole('option', { name: 'Acme Freight' }));
    await waitFor(() => expect(window.location.search).toBe(`?organization=${OTHER_ORG}`));
    await waitFor(() => expect(asked).toContain(`?organizationId=${OTHER_ORG}`));
  });

  it('adds an agent, checking the fields as the server does, and opens them', async () => {
    const user = userEvent.setup();
    const created = agent({
      id: 'c2c2c2c2-2222-4222-8222-222222222222',
      name: 'Lena Park',
      title: 'Agent',
      email: 'lena@millstonecx.com',
      organizations: [],
      openTickets: 0,
    });
    const { calls } = stubAgents([[agent()], [agent(), created]], {
      'POST /api/support/staff/agents': { status: 201, body: created },
    });
    const { store } = renderPage(<AgentsPage />, { route: '/staff/agents', state: signedInAsStaff });
    await screen.findByRole('table', { name: 'Agents' });
    await user.click(screen.getByRole('button', { name: 'Add agent' }));
    const form = within(screen.getByRole('dialog', { name: 'Add agent' }));
    await user.type(form.getByRole('textbox', { name: /^Name/ }), 'Lena Park');
    await user.type(form.getByRole('textbox', { name: /^Title/ }), 'Agent');
    await user.type(form.getByRole('textbox', { name: /^Email/ }), 'not-an-email');
    await user.click(form.getByRole('button', { name: 'Add agent' }));
    expect(form.getByText('Enter a valid email address')).toBeInTheDocument();
    expect(calls.some(({ method }) => method === 'POST')).toBe(false);

    await user.clear(form.getByRole('textbox', { name: /^Email/ }));
    await user.type(form.getByRole('textbox', { name: /^Email/ }), 'lena@millstonecx.com');
    await user.click(form.getByRole('button', { name: 'Add agent' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find(({ method }) => method === 'POST')?.body).toEqual({
      name: 'Lena Park',
      title: 'Agent',
      email: 'lena@millstonecx.com',
    });
    expect(store.getState().toast.current).toMatchObject({ title: 'Agent added', severity: 'success' });
    expect(window.location.search).toBe(`?agent=${created.id}`);
    expect(await screen.findByRole('heading', { name: 'Lena Park' })).toBeInTheDocument();
  });

  it("shows the server's refusal of a taken email in the dialog", async () => {
    const user = userEvent.setup();
    stubAgents([[agent()]], {
      'POST /api/support/staff/agents': {
        status: 409,
        body: { statusCode: 409, message: 'Another agent already has this email address' },
      },
    });
    renderPage(<AgentsPage />, { route: '/staff/agents', state: signedInAsStaff });
    await screen.findByRole('table', { name: 'Agents' });
    await user.click(screen.getByRole('button', { name: 'Add agent' }));
    const form = within(screen.getByRole('dialog', { name: 'Add agent' }));
    await user.type(form.getByRole('textbox', { name: /^Name/ }), 'Priya Two');
    await user.type(form.getByRole('textbox', { name: /^Title/ }), 'Agent');
    await user.type(form.getByRole('textbox', { name: /^Email/ }), 'priya@millstonecx.com');
    await user.click(form.getByRole('button', { name: 'Add agent' }));
    expect(await form.findByRole('alert')).toHaveTextContent(
      '409: Another agent already has this email address',
    );
  });

  it('edits an agent and assigns and unassigns customer organizations', async () => {
    const user = userEvent.setup();
    const assigned = agent({
      organizations: [
        { organizationId: ORGANIZATION_ID, assignedAt: '2026-11-02T09:00:00.000Z' },
        { organizationId: OTHER_ORG, assignedAt: '2026-11-26T09:00:00.000Z' },
      ],
    });
    const { calls } = stubAgents(
      [
        [agent()],
        [agent({ title: 'Team Lead', active: false })],
        [assigned],
        [agent({ organizations: [{ organizationId: OTHER_ORG, assignedAt: '2026-11-26T09:00:00.000Z' }] })],
      ],
      {
        [`PATCH /api/support/staff/agents/${AGENT_ID}`]: {
          status: 200,
          body: agent({ title: 'Team Lead', active: false }),
        },
        [`PUT /api/support/staff/agents/${AGENT_ID}/organizations/${OTHER_ORG}`]: {
          status: 200,
          body: assigned,
        },
        [`DELETE /api/support/staff/agents/${AGENT_ID}/organizations/${ORGANIZATION_ID}`]: { status: 204 },
      },
    );
    const { store } = renderPage(<AgentsPage />, {
      route: `/staff/agents?agent=${AGENT_ID}`,
      state: signedInAsStaff,
    });
    const panel = within(await screen.findByRole('region', { name: 'Priya Nair' }));
    expect(await panel.findByRole('link', { name: 'Lee Logistics' })).toHaveAttribute(
      'href',
      `/staff/customers?organization=${ORGANIZATION_ID}`,
    );

    const title = panel.getByRole('textbox', { name: /^Title/ });
    await user.clear(title);
    await user.type(title, 'Team Lead');
    await user.click(panel.getByRole('switch'));
    await user.click(panel.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(calls.find(({ method }) => method === 'PATCH')?.body).toEqual({
        title: 'Team Lead',
        active: false,
      }),
    );
    expect(await panel.findByText(/Inactive: no new tickets/)).toBeInTheDocument();

    const picker = within(panel.getByRole('form', { name: 'Assign a customer organization' }));
    await user.type(picker.getByRole('combobox', { name: 'Customer organization' }), 'Acme');
    await user.click(await screen.findByRole('option', { name: 'Acme Freight' }));
    await user.click(picker.getByRole('button', { name: 'Assign' }));
    expect(await panel.findByRole('link', { name: 'Acme Freight' })).toBeInTheDocument();
    expect(store.getState().toast.current).toMatchObject({
      title: 'Organization assigned',
      severity: 'success',
    });
    expect(calls.filter(({ method }) => method === 'PUT').map(({ path }) => path)).toEqual([
      `/api/support/staff/agents/${AGENT_ID}/organizations/${OTHER_ORG}`,
    ]);

    await user.click(panel.getByRole('button', { name: 'Unassign Lee Logistics from Priya Nair' }));
    await waitFor(() => expect(panel.queryByRole('link', { name: 'Lee Logistics' })).not.toBeInTheDocument());
    expect(calls.filter(({ method }) => method === 'DELETE').map(({ path }) => path)).toEqual([
      `/api/support/staff/agents/${AGENT_ID}/organizations/${ORGANIZATION_ID}`,
    ]);
    expect(store.getState().toast.current).toMatchObject({
      title: 'Organization unassigned',
      severity: 'success',
    });
  });

  it('shows agents as cards on phones', async () => {
    jest.spyOn(window, 'matchMedia').mockImplementation(
      (query) =>
        ({
          matches: query.includes('max-width'),
          media: query,
          addEventListener() {},
          removeEventListener() {},
        }) as unknown as MediaQueryList,
    );
    stubAgents([[agent()]]);
    renderPage(<AgentsPage />, { route: '/staff/agents', state: signedInAsStaff });
    const list = await screen.findByRole('list', { name: 'Agents' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'Priya Nair' })).toBeInTheDocument();
    expect(list).toHaveTextContent('Open tickets3');
  });
});

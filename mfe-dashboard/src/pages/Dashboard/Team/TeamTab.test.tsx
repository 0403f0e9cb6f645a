import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  orgRoleDescriptions,
  teamMessages,
  type Invitation,
  type TeamAuditEntry,
  type TeamMember,
} from '@portal/contracts';
import { renderPage, stubFetch, type StubbedRoutes } from '@portal/web-testing';
import { loadTeamApi } from '../../../api/team-api';
import { customer, serverError, signedInAs } from '../dashboard-fixtures';
import { TeamTab } from './TeamTab';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

const me: TeamMember = {
  userId: customer.id,
  name: customer.name,
  email: customer.email,
  role: 'owner',
  joinedAt: '2026-10-01T09:00:00.000Z',
  lastActiveAt: minutesAgo(0),
};
const bo: TeamMember = {
  userId: '2b3c4d5e-6f70-4a1b-8c2d-3e4f5a6b7c8d',
  name: 'Bo Li',
  email: 'bo@example.com',
  role: 'billing',
  joinedAt: '2026-11-01T09:00:00.000Z',
  lastActiveAt: minutesAgo(180),
};
const cy: TeamMember = {
  userId: '3c4d5e6f-7081-4b2c-9d3e-4f5a6b7c8d9e',
  name: 'Cy Diaz',
  email: 'cy@example.com',
  role: 'admin',
  joinedAt: '2026-11-02T09:00:00.000Z',
  lastActiveAt: null,
};
const invitation: Invitation = {
  id: '4d5e6f70-8192-4c3d-8e4f-5a6b7c8d9e0f',
  email: 'dee@example.com',
  role: 'member',
  invitedBy: 'Ann Lee',
  createdAt: minutesAgo(60),
  expiresAt: new Date(Date.now() + 6 * 86_400_000 + 60_000).toISOString(),
};
const entry = (index: number): TeamAuditEntry => ({
  id: `5e6f7081-92a3-4d4e-8f5a-${String(index).padStart(12, '0')}`,
  action: 'member.role_changed',
  actorName: 'Ann Lee',
  subject: 'Bo Li',
  summary: `Entry ${index}`,
  at: minutesAgo(index),
});

function stubTeam(routes: StubbedRoutes = {}, members = [me, bo, cy]) {
  return stubFetch({
    'GET /api/team/members': { status: 200, body: { members } },
    'GET /api/team/invitations': { status: 200, body: { invitations: [invitation] } },
    'GET /api/team/audit': (request) =>
      new URL(request.url).searchParams.get('cursor') === 'page-2'
        ? { status: 200, body: { entries: [entry(51)], nextCursor: null } }
        : { status: 200, body: { entries: [entry(1), entry(2)], nextCursor: 'page-2' } },
    ...routes,
  });
}

const renderAs = (orgRole: TeamMember['role'] = 'owner') =>
  renderPage(<TeamTab />, { route: '/dashboard/team', state: signedInAs(orgRole) });

const membersList = () => screen.getByRole('list', { name: /^Members/ });
const row = (text: string) => within(membersList()).getByText(text).closest('li')!;

describe('TeamTab', () => {
  beforeAll(() => loadTeamApi());
  afterEach(() => jest.restoreAllMocks());

  it('lists the members (name, email, role, last active), the pending invitations and the activity, newest first', async () => {
    stubTeam();
    renderAs('owner');
    expect(await screen.findByRole('list', { name: 'Members (3)' })).toBeInTheDocument();
    expect(within(row('Bo Li')).getByText('bo@example.com')).toBeInTheDocument();
    expect(within(row('Bo Li')).getByText('3 hours ago')).toBeInTheDocument();
    expect(within(row('Cy Diaz')).getByText(/Last active: never/)).toBeInTheDocument();
    expect(within(row('Ann Lee')).getByText('(you)')).toBeInTheDocument();
    expect(within(row('Ann Lee')).getByText('Owner')).toBeInTheDocument();
    const invitations = await screen.findByRole('list', { name: 'Pending invitations (1)' });
    expect(within(invitations).getByText('dee@example.com')).toBeInTheDocument();
    expect(within(invitations).getByText(/Member · invited by/)).toHaveTextContent('expires in 6 days');
    const activity = screen.getByRole('list', { name: 'Activity' });
    expect(await within(activity).findByText('Entry 1')).toBeInTheDocument();
    expect(
      within(activity)
        .getAllByText(/^Entry/)
        .map((each) => each.textContent),
    ).toEqual(['Entry 1', 'Entry 2']);
  });

  it("'Load more' adds the next page of the activity below, then is gone at the end", async () => {
    const calls = stubTeam();
    renderAs('owner');
    const activity = await screen.findByRole('list', { name: 'Activity' });
    await userEvent.click(await within(activity).findByRole('button', { name: 'Load more' }));
    expect(await within(activity).findByText('Entry 51')).toBeInTheDocument();
    expect(
      within(activity)
        .getAllByText(/^Entry/)
        .map((each) => each.textContent),
    ).toEqual(['Entry 1', 'Entry 2', 'Entry 51']);
    expect(within(activity).queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(calls.filter(({ path }) => path === '/api/team/audit')).toHaveLength(2);
  });

  it('an owner invites with a role among those below ownership, each described; the invitation is sent', async () => {
    const calls = stubTeam({
      'POST /api/team/invitations': {
        status: 201,
        body: { ...invitation, email: 'eve@example.com', role: 'billing' },
      },
    });
    const { store } = renderAs('owner');
    await userEvent.click(await screen.findByRole('button', { name: 'Invite member' }));
    const dialog = screen.getByRole('dialog', { name: 'Invite a member' });
    const role = within(dialog).getByRole('combobox', { name: 'Role' });
    expect(
      within(role)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Admin', 'Billing', 'CRM manager', 'Member']);
    expect(within(dialog).getByText(orgRoleDescriptions.member)).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Email address' }), 'eve@example.com');
    await userEvent.selectOptions(role, 'billing');
    expect(within(dialog).getByText(orgRoleDescriptions.billing)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find(({ method }) => method === 'POST')).toMatchObject({
      path: '/api/team/invitations',
      body: { email: 'eve@example.com', role: 'billing' },
    });
    expect(store.getState().toast.current).toMatchObject({ title: 'Invitation sent', severity: 'success' });
  });

  it("keeps the invite dialog open with the server's refusal", async () => {
    stubTeam({ 'POST /api/team/invitations': serverError(teamMessages.alreadyInvited, 409) });
    renderAs('owner');
    await userEvent.click(await screen.findByRole('button', { name: 'Invite member' }));
    const dialog = screen.getByRole('dialog', { name: 'Invite a member' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Email address' }), 'dee@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText(teamMessages.alreadyInvited)).toBeInTheDocument();
  });

  it('an admin cannot give ownership, manage the owner or transfer ownership', async () => {
    stubTeam({}, [{ ...me, role: 'admin' }, bo, { ...cy, role: 'owner' }]);
    renderAs('admin');
    await screen.findByRole('list', { name: 'Members (3)' });
    const boRole = within(row('Bo Li')).getByRole('combobox', { name: 'Role of Bo Li' });
    expect(
      within(boRole)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Admin', 'Billing', 'CRM manager', 'Member']);
    expect(within(row('Cy Diaz')).queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(row('Cy Diaz')).queryByRole('button', { name: 'Remove Cy Diaz' })).not.toBeInTheDocument();
    expect(within(row('Ann Lee')).queryByRole('combobox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Transfer ownership/ })).not.toBeInTheDocument();
  });

  it('a member sees the team but none of its controls, except Leave', async () => {
    stubTeam({}, [{ ...me, role: 'member' }, bo, cy]);
    renderAs('member');
    await screen.findByRole('list', { name: 'Members (3)' });
    expect(screen.queryByRole('button', { name: 'Invite member' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: /^Remove|^Resend|^Revoke|Transfer/ }),
    ).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Leave organization' })).toBeInTheDocument();
  });

  it("changes a member's role", async () => {
    const calls = stubTeam({
      'PATCH /api/team/members/2b3c4d5e-6f70-4a1b-8c2d-3e4f5a6b7c8d': {
        status: 200,
        body: { ...bo, role: 'member' },
      },
    });
    const { store } = renderAs('owner');
    await screen.findByRole('list', { name: 'Members (3)' });
    await userEvent.selectOptions(
      within(row('Bo Li')).getByRole('combobox', { name: 'Role of Bo Li' }),
      'member',
    );
    await waitFor(() => expect(store.getState().toast.current?.title).toBe('Role changed'));
    expect(calls.find(({ method }) => method === 'PATCH')?.body).toEqual({ role: 'member' });
  });

  it('removes a member after asking, from the keyboard', async () => {
    const calls = stubTeam({
      'DELETE /api/team/members/2b3c4d5e-6f70-4a1b-8c2d-3e4f5a6b7c8d': { status: 204 },
    });
    const { store } = renderAs('owner');
    await screen.findByRole('list', { name: 'Members (3)' });
    within(row('Bo Li')).getByRole('button', { name: 'Remove Bo Li' }).focus();
    await userEvent.keyboard('{Enter}');
    const dialog = screen.getByRole('dialog', { name: 'Remove member?' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(store.getState().toast.current?.title).toBe('Member removed'));
    expect(calls.some(({ method }) => method === 'DELETE')).toBe(true);
    // The row and its Remove button leave: focus lands on the list's heading, not on the page's body.
    await waitFor(() => expect(screen.getByRole('heading', { name: /^Members/ })).toHaveFocus());
  });

  it('cancelling a removal returns focus to its Remove button', async () => {
    stubTeam();
    renderAs('owner');
    await screen.findByRole('list', { name: 'Members (3)' });
    const remove = within(row('Bo Li')).getByRole('button', { name: 'Remove Bo Li' });
    await userEvent.click(remove);
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Remove member?' })).getByRole('button', { name: 'Cancel' }),
    );
    await waitFor(() => expect(remove).toHaveFocus());
  });

  it('tells the last owner why they cannot leave', async () => {
    stubTeam({ 'POST /api/team/leave': serverError(teamMessages.lastOwner, 409) });
    renderAs('owner');
    await userEvent.click(await screen.findByRole('button', { name: 'Leave organization' }));
    const dialog = screen.getByRole('dialog', { name: /^Leave/ });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Leave' }));
    expect(await within(dialog).findByText(teamMessages.lastOwner)).toBeInTheDocument();
  });

  it('says so when the members cannot be loaded, with Try again', async () => {
    stubTeam({ 'GET /api/team/members': serverError('Service unavailable', 503) });
    renderAs('owner');
    expect(await screen.findByText('We could not load your team.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CallbackSigningSecret } from '@portal/contracts';
import { renderPage, stubFetch } from '@portal/web-testing';
import { serverError, signedInCustomer } from '../dashboard-fixtures';
import { CallbacksSection } from './CallbacksSection';
import { aDelivery } from './developers-fixtures';
import { loadDevelopersApi } from './developers-api';

const FIRST = 'whsec_first0c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f';
const ROLLED = 'whsec_rolled9f8e7d6c5b4a3f2e1d0c9b8a7f6e5d4';
const secret = (signingSecret: string): { status: number; body: CallbackSigningSecret } => ({
  status: 200,
  body: { signingSecret, createdAt: '2026-11-26T10:00:00.000Z' },
});
const CALLBACK = aDelivery({
  endpointId: null,
  callbackUrl: 'https://crm.example.com/tickets/hook',
  eventType: 'ticket.updated',
});

const renderSection = () =>
  renderPage(<CallbacksSection />, { route: '/dashboard/developers', state: signedInCustomer });

describe('Developers tab: ticket callbacks', () => {
  beforeAll(() => loadDevelopersApi());
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('token', 'tok-1');
  });
  afterEach(() => jest.restoreAllMocks());

  it('asks crm for nothing until the member acts, reveals the secret, and rolls it after asking', async () => {
    const user = userEvent.setup();
    const calls = stubFetch({
      'GET /api/developers/callbacks/secret': secret(FIRST),
      'POST /api/developers/callbacks/secret/roll': secret(ROLLED),
    });
    const { store } = renderSection();
    expect(screen.getByRole('heading', { name: 'Ticket callbacks' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ticket callbacks' })).toHaveAttribute(
      'href',
      '/docs#ticket-callbacks',
    );
    expect(calls).toHaveLength(0);
    expect(document.body.textContent).not.toContain('whsec_first');

    await user.click(screen.getByRole('button', { name: 'Reveal secret' }));
    const shown = within(await screen.findByRole('group', { name: 'Callback signing secret' }));
    expect(shown.getByText(FIRST)).toBeInTheDocument();
    expect(JSON.stringify(store.getState())).not.toContain(FIRST);
    await user.click(screen.getByRole('button', { name: 'Hide secret' }));
    expect(document.body.textContent).not.toContain(FIRST);

    await user.click(screen.getByRole('button', { name: 'Roll secret' }));
    const confirm = within(screen.getByRole('dialog', { name: 'Roll the callback signing secret?' }));
    expect(confirm.getByText(/signed with a new secret at once/)).toBeInTheDocument();
    await user.click(confirm.getByRole('button', { name: 'Roll secret' }));
    expect(await screen.findByText(ROLLED)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.map(({ method, path }) => `${method} ${path}`)).toEqual([
      'GET /api/developers/callbacks/secret',
      'POST /api/developers/callbacks/secret/roll',
    ]);
    expect(store.getState().toast.current).toMatchObject({
      title: 'Callback signing secret rolled',
      severity: 'success',
    });
    expect(JSON.stringify(store.getState())).not.toContain(ROLLED);
  });

  it("shows crm's refusal to roll in the dialog, keeping the secret as it was", async () => {
    const user = userEvent.setup();
    stubFetch({
      'POST /api/developers/callbacks/secret/roll': serverError('Forbidden resource', 403),
    });
    renderSection();
    await user.click(screen.getByRole('button', { name: 'Roll secret' }));
    const confirm = within(screen.getByRole('dialog', { name: 'Roll the callback signing secret?' }));
    await user.click(confirm.getByRole('button', { name: 'Roll secret' }));
    expect(await confirm.findByRole('alert')).toHaveTextContent('Forbidden resource');
  });

  it('lists the callback deliveries with their URL when opened, and resends one', async () => {
    const user = userEvent.setup();
    const calls = stubFetch({
      'GET /api/developers/callbacks/deliveries': {
        status: 200,
        body: { items: [CALLBACK], nextCursor: null },
      },
      [`POST /api/developers/callbacks/deliveries/${CALLBACK.id}/resend`]: { status: 202, body: CALLBACK },
    });
    renderSection();
    await user.click(screen.getByRole('button', { name: 'Show callback deliveries' }));
    const card = within(await screen.findByRole('listitem', { name: `ticket.updated ${CALLBACK.eventId}` }));
    expect(card.getByText('https://crm.example.com/tickets/hook')).toBeInTheDocument();
    await user.click(card.getByRole('button', { name: `Resend ${CALLBACK.eventId}` }));
    await waitFor(() =>
      expect(calls.map(({ method, path }) => `${method} ${path}`)).toContain(
        `POST /api/developers/callbacks/deliveries/${CALLBACK.id}/resend`,
      ),
    );
  });
});

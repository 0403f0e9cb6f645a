import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApiKey, CreatedApiKey, RollApiKeyResponse } from '@portal/contracts';
import { renderPage, stubFetch, type StubbedAnswer } from '@portal/web-testing';
import { serverError, signedInCustomer } from '../dashboard-fixtures';
import { anApiKey, KEY_ID } from './developers-fixtures';
import { loadDevelopersApi } from './developers-api';
import { DevelopersTab } from './DevelopersTab';

const SECRET = 'mcx_live_a1B2c3d4E5f6g7H8i9J0k1L2m3N4o5P6q7R8s9T0';
const NEW_ID = '6b1d2f3e-4c5a-4b7c-9d8e-0f1a2b3c4d5e';

/** The key list answers `lists` in turn (the last one from then on); no webhook endpoints. */
function stubKeys(lists: ApiKey[][], more: Record<string, StubbedAnswer> = {}) {
  let call = 0;
  return stubFetch({
    'GET /api/developers/keys': () => ({ status: 200, body: lists[Math.min(call++, lists.length - 1)] }),
    'GET /api/developers/webhooks': { status: 200, body: [] },
    ...more,
  });
}

const renderTab = () =>
  renderPage(<DevelopersTab listPath="/dashboard/developers" />, {
    route: '/dashboard/developers',
    state: signedInCustomer,
  });
const table = () => within(screen.getByRole('table', { name: 'API keys' }));
const row = (name: string) => within(table().getByRole('rowheader', { name }).closest('tr')!);
const dialog = (name: string) => within(screen.getByRole('dialog', { name }));

describe('Developers tab: API keys', () => {
  beforeAll(() => loadDevelopersApi());
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('token', 'tok-1');
  });
  afterEach(() => jest.restoreAllMocks());

  it('lists each key with its prefix, scopes, creator, last use and status, never a whole key', async () => {
    stubKeys([
      [
        anApiKey(),
        anApiKey({
          id: NEW_ID,
          name: 'Old CRM sync',
          prefix: 'mcx_live_Zz9Yy8',
          scopes: ['agents:read'],
          status: 'expiring',
          expiresAt: '2026-12-01T12:00:00.000Z',
          lastUsedAt: new Date(Date.now() - 3 * 3600_000).toISOString(),
        }),
        anApiKey({ id: 'c1c1c1c1-1111-4111-8111-111111111111', name: 'Gone', status: 'revoked' }),
        anApiKey({ id: 'c2c2c2c2-2222-4222-8222-222222222222', name: 'Ended', status: 'expired' }),
      ],
    ]);
    renderTab();
    await screen.findByRole('table', { name: 'API keys' });
    const zapier = row('Zapier production');
    expect(zapier.getByText('mcx_live_a1B2c3…')).toBeInTheDocument();
    expect(zapier.getByText('tickets:read')).toBeInTheDocument();
    expect(zapier.getByText('tickets:write')).toBeInTheDocument();
    expect(zapier.getByText(/Nov 20, 2026/).closest('td')).toHaveTextContent('Nov 20, 2026 by Ann Lee');
    expect(zapier.getByText('Never used')).toBeInTheDocument();
    expect(zapier.getByText('Active')).toBeInTheDocument();
    expect(zapier.getByRole('button', { name: 'Roll Zapier production' })).toBeInTheDocument();

    const old = row('Old CRM sync');
    expect(old.getByText('Expires Dec 1, 2026')).toBeInTheDocument();
    expect(old.getByText('3 hours ago')).toBeInTheDocument();
    // Rolled already: it can be revoked early, not rolled again.
    expect(old.queryByRole('button', { name: /^Roll/ })).not.toBeInTheDocument();
    expect(old.getByRole('button', { name: 'Revoke Old CRM sync' })).toBeInTheDocument();

    expect(row('Gone').getByText('Revoked')).toBeInTheDocument();
    expect(row('Gone').queryByRole('button')).not.toBeInTheDocument();
    expect(row('Ended').getByText('Expired')).toBeInTheDocument();
  });

  it('shows an empty state linking to the docs on authentication', async () => {
    stubKeys([[]]);
    renderTab();
    expect(await screen.findByRole('heading', { name: 'No API keys yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'how to authenticate' })).toHaveAttribute(
      'href',
      '/docs#authentication',
    );
    expect(screen.getAllByRole('button', { name: 'Create API key' })).toHaveLength(1);
  });

  it('says when the keys cannot be loaded, with a retry', async () => {
    let fail = true;
    stubFetch({
      'GET /api/developers/keys': () =>
        fail ? serverError('Service unavailable', 503) : { status: 200, body: [anApiKey()] },
      'GET /api/developers/webhooks': { status: 200, body: [] },
    });
    const { store } = renderTab();
    expect(await screen.findByText('We could not load your API keys.')).toBeInTheDocument();
    expect(store.getState().toast.current).toMatchObject({
      title: 'Failed to fetch API keys',
      description: 'Service unavailable',
      severity: 'error',
    });
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'API keys' })).toBeInTheDocument();
  });

  it('creates a key with the chosen scopes and shows it once; the list never shows it', async () => {
    const user = userEvent.setup();
    const created: CreatedApiKey = {
      ...anApiKey({ id: NEW_ID, name: 'Deploy bot', scopes: ['agents:read'] }),
      key: SECRET,
    };
    const calls = stubKeys(
      [[anApiKey()], [anApiKey(), { ...created, key: undefined } as unknown as ApiKey]],
      {
        'POST /api/developers/keys': { status: 201, body: created },
      },
    );
    const { store } = renderTab();
    const createButton = await screen.findByRole('button', { name: 'Create API key' });
    await user.click(createButton);
    const form = dialog('Create API key');
    const submit = form.getByRole('button', { name: 'Create key' });
    expect(submit).toBeDisabled();
    await user.type(form.getByRole('textbox', { name: /^Name/ }), '  Deploy bot ');
    expect(submit).toBeDisabled();
    expect(form.getByText('List the agents on the account (GET /v1/agents)')).toBeInTheDocument();
    await user.click(form.getByRole('checkbox', { name: /agents:read/ }));
    expect(submit).toBeEnabled();
    await user.click(submit);

    const shown = within(await screen.findByRole('dialog', { name: 'API key created' }));
    expect(calls.find(({ method }) => method === 'POST')).toEqual({
      method: 'POST',
      path: '/api/developers/keys',
      authorization: 'Bearer tok-1',
      body: { name: 'Deploy bot', scopes: ['agents:read'] },
    });
    expect(shown.getByRole('heading', { name: 'API key created' })).toHaveFocus();
    expect(shown.getByText(SECRET)).toBeInTheDocument();
    expect(shown.getByText(/it won't be shown again/)).toBeInTheDocument();
    expect(JSON.stringify(store.getState())).not.toContain(SECRET);
    const writeText = jest.spyOn(navigator.clipboard, 'writeText');
    await user.click(shown.getByRole('button', { name: 'Copy API key' }));
    expect(writeText).toHaveBeenCalledWith(SECRET);

    await user.click(shown.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(createButton).toHaveFocus());
    expect(row('Deploy bot').getByText('mcx_live_a1B2c3…')).toBeInTheDocument();
    expect(screen.queryByText(SECRET)).not.toBeInTheDocument();
    expect(document.body.textContent).not.toContain(SECRET);

    // Opened again, it is a fresh form.
    await user.click(createButton);
    expect(dialog('Create API key').getByRole('textbox', { name: /^Name/ })).toHaveValue('');
    expect(screen.queryByText(SECRET)).not.toBeInTheDocument();
  });

  it("keeps the form and shows the server's words when the key is refused", async () => {
    const user = userEvent.setup();
    stubKeys([[anApiKey()]], {
      'POST /api/developers/keys': serverError(
        'An organization can hold at most 50 active API keys. Revoke one first.',
        409,
      ),
    });
    renderTab();
    await user.click(await screen.findByRole('button', { name: 'Create API key' }));
    const form = dialog('Create API key');
    await user.type(form.getByRole('textbox', { name: /^Name/ }), 'One too many');
    await user.click(form.getByRole('checkbox', { name: /tickets:read/ }));
    await user.click(form.getByRole('button', { name: 'Create key' }));
    expect(await form.findByRole('alert')).toHaveTextContent(
      'An organization can hold at most 50 active API keys. Revoke one first.',
    );
    expect(form.getByRole('textbox', { name: /^Name/ })).toHaveValue('One too many');
  });

  it('shows the "<status>: <body>" text of a failure without a message', async () => {
    const user = userEvent.setup();
    stubKeys([[anApiKey()]], { 'POST /api/developers/keys': { status: 502, body: 'Bad gateway' } });
    renderTab();
    await user.click(await screen.findByRole('button', { name: 'Create API key' }));
    const form = dialog('Create API key');
    await user.type(form.getByRole('textbox', { name: /^Name/ }), 'Bot');
    await user.click(form.getByRole('checkbox', { name: /tickets:read/ }));
    await user.click(form.getByRole('button', { name: 'Create key' }));
    expect(await form.findByRole('alert')).toHaveTextContent('502: Bad gateway');
  });

  it('revokes a key after asking, and the list then says Revoked', async () => {
    const user = userEvent.setup();
    const revoked = anApiKey({ status: 'revoked', revokedAt: '2026-11-26T12:00:00.000Z' });
    const calls = stubKeys([[anApiKey()], [revoked]], {
      [`DELETE /api/developers/keys/${KEY_ID}`]: { status: 200, body: revoked },
    });
    const { store } = renderTab();
    await user.click(await screen.findByRole('button', { name: 'Revoke Zapier production' }));
    const confirm = dialog('Revoke API key?');
    expect(confirm.getByText(/will be refused from now on/)).toHaveTextContent('mcx_live_a1B2c3…');
    expect(confirm.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(confirm.getByRole('button', { name: 'Revoke key' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter(({ method }) => method === 'DELETE').map(({ path }) => path)).toEqual([
      `/api/developers/keys/${KEY_ID}`,
    ]);
    expect(await row('Zapier production').findByText('Revoked')).toBeInTheDocument();
    expect(store.getState().toast.current).toMatchObject({ title: 'API key revoked', severity: 'success' });
  });

  it('rolls a key with the chosen grace period and shows the new key once', async () => {
    const user = userEvent.setup();
    const expiresAt = new Date(Date.now() + 72 * 3600_000).toISOString();
    const previous = anApiKey({ status: 'expiring', expiresAt });
    const next = anApiKey({ id: NEW_ID, prefix: 'mcx_live_Q9w8E7', rolledFromId: KEY_ID });
    const answer: RollApiKeyResponse = { key: { ...next, key: SECRET }, previous };
    const calls = stubKeys([[anApiKey()], [next, previous]], {
      [`POST /api/developers/keys/${KEY_ID}/roll`]: { status: 201, body: answer },
    });
    const { store } = renderTab();
    await user.click(await screen.findByRole('button', { name: 'Roll Zapier production' }));
    const form = dialog('Roll API key');
    await user.click(form.getByRole('combobox', { name: 'Old key keeps working for' }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Expire now',
      '1 hour',
      '24 hours',
      '3 days',
      '7 days',
    ]);
    await user.click(screen.getByRole('option', { name: '3 days' }));
    await user.click(form.getByRole('button', { name: 'Roll key' }));

    const shown = within(await screen.findByRole('dialog', { name: 'API key rolled' }));
    expect(calls.find(({ method }) => method === 'POST')?.body).toEqual({ graceHours: 72 });
    expect(shown.getByText(SECRET)).toBeInTheDocument();
    expect(shown.getByText(/It keeps working until/)).toBeInTheDocument();
    expect(JSON.stringify(store.getState())).not.toContain(SECRET);
    await user.click(shown.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('mcx_live_Q9w8E7…')).toBeInTheDocument();
    expect(document.body.textContent).not.toContain(SECRET);
  });

  it('shows keys as cards on phones', async () => {
    jest.spyOn(window, 'matchMedia').mockImplementation(
      (query) =>
        ({
          matches: query.includes('max-width'),
          media: query,
          addEventListener() {},
          removeEventListener() {},
        }) as unknown as MediaQueryList,
    );
    stubKeys([[anApiKey()]]);
    renderTab();
    const card = within(await screen.findByRole('listitem', { name: 'Zapier production' }));
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(card.getByText('mcx_live_a1B2c3…')).toBeInTheDocument();
    expect(card.getByText('Never used')).toBeInTheDocument();
    expect(card.getByRole('button', { name: 'Revoke Zapier production' })).toBeInTheDocument();
  });
});

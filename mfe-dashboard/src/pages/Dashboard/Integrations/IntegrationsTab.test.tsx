import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CreateIntegrationResponse, Integration } from '@portal/contracts';
import { renderPage, stubFetch, type StubbedAnswer } from '@portal/web-testing';
import { loadDashboardApi } from '../../../api/dashboard-api';
import { anIntegration, errorToast, serverError, signedInCustomer } from '../dashboard-fixtures';
import { COPY_UNAVAILABLE } from './CopyableValue';
import { IntegrationsTab } from './IntegrationsTab';

const integration = (fields: Pick<Integration, 'id' | 'name' | 'type'> & Partial<Integration>): Integration =>
  anIntegration({
    inboundUrl: `https://portal.example.com/api/crm/inbound/${fields.id}`,
    createdAt: '2026-11-20T15:00:00.000Z',
    ...fields,
  });
const salesHubSpot = integration({
  id: '0b8e7a52-0c1f-4d3a-9a57-1f2e3d4c5b6a',
  name: 'Sales HubSpot',
  type: 'hubspot',
});
const supportDialpad = integration({
  id: '7c6d5e4f-3a2b-4c1d-8e9f-0a1b2c3d4e5f',
  name: 'Support Dialpad',
  type: 'dialpad',
  isActive: false,
  createdAt: '2026-10-02T15:00:00.000Z',
});
const outboundTwilio = integration({
  id: '1d2c3b4a-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  name: 'Outbound Twilio',
  type: 'twilio',
});
const created: CreateIntegrationResponse = {
  ...outboundTwilio,
  signingSecret: 'whsec_9f86d081884c7d659a2feaa0c55ad015',
};

/** The integrations list answers `lists` in turn (the last one from then on). */
function stubIntegrations(lists: Integration[][], more: Record<string, StubbedAnswer> = {}) {
  let call = 0;
  return stubFetch({
    'GET /api/crm/integrations': () => ({ status: 200, body: lists[Math.min(call++, lists.length - 1)] }),
    ...more,
  });
}

const renderTab = () =>
  renderPage(<IntegrationsTab />, { route: '/dashboard/integrations', state: signedInCustomer });
const card = (name: string) => within(screen.getByRole('listitem', { name }));
const dialog = (name: string) => within(screen.getByRole('dialog', { name }));

/** Fills the Add Integration form; `type` is the product name in the Type list. */
async function fillForm(fields: { type?: string; name?: string; apiKey?: string; webhookUrl?: string }) {
  const form = dialog('Add Integration');
  if (fields.type) {
    await userEvent.click(form.getByRole('combobox', { name: 'Type' }));
    await userEvent.click(screen.getByRole('option', { name: fields.type }));
  }
  if (fields.name !== undefined)
    await userEvent.type(form.getByLabelText('Name', { exact: false }), fields.name);
  if (fields.apiKey !== undefined) await userEvent.type(form.getByLabelText(/^API Key/), fields.apiKey);
  if (fields.webhookUrl !== undefined)
    await userEvent.type(form.getByLabelText('Webhook URL'), fields.webhookUrl);
}

describe('Integrations tab', () => {
  beforeAll(() => loadDashboardApi());
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('token', 'tok-1');
  });
  afterEach(() => jest.restoreAllMocks());

  it('lists each integration with its product, date added, status badge and inbound URL', async () => {
    stubIntegrations([[salesHubSpot, supportDialpad]]);
    renderTab();
    expect(await screen.findByRole('listitem', { name: 'Sales HubSpot' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Integrations' })).toBeInTheDocument();

    expect(card('Sales HubSpot').getByText(/^HubSpot · Added/)).toHaveTextContent(
      'HubSpot · Added Nov 20, 2026',
    );
    expect(card('Sales HubSpot').getByText('Connected')).toBeInTheDocument();
    expect(card('Sales HubSpot').getByText(salesHubSpot.inboundUrl)).toBeInTheDocument();
    expect(card('Support Dialpad').getByText(/^Dialpad · Added/)).toHaveTextContent(
      'Dialpad · Added Oct 2, 2026',
    );
    expect(card('Support Dialpad').getByText('Disconnected')).toBeInTheDocument();
    expect(card('Support Dialpad').queryByText('Connected')).not.toBeInTheDocument();
  });

  it('shows a name with bidi override characters without them, isolated, in the card and its labels', async () => {
    stubIntegrations([[{ ...salesHubSpot, name: 'Sales\u202E topSbuH\u202C' }]]);
    renderTab();
    const shown = await screen.findByRole('listitem', { name: 'Sales topSbuH' });
    const heading = within(shown).getByRole('heading', { level: 3 });
    expect(heading.textContent).toBe('Sales topSbuH');
    expect(heading.firstElementChild?.tagName).toBe('BDI');
    expect(within(shown).getByRole('button', { name: 'Delete Sales topSbuH' })).toBeInTheDocument();
    expect(shown.textContent).not.toMatch(/[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/);
  });

  it("copies an inbound URL and says 'Copied'", async () => {
    const user = userEvent.setup();
    stubIntegrations([[salesHubSpot]]);
    renderTab();
    const writeText = jest.spyOn(navigator.clipboard, 'writeText');
    await user.click(await screen.findByRole('button', { name: 'Copy inbound event URL of Sales HubSpot' }));
    expect(writeText).toHaveBeenCalledWith(salesHubSpot.inboundUrl);
    expect(card('Sales HubSpot').getByRole('status')).toHaveTextContent('Copied');
    expect(card('Sales HubSpot').getByRole('button', { name: 'Copied' })).toBeInTheDocument();
  });

  it('says how to copy by hand when the clipboard is unavailable', async () => {
    const user = userEvent.setup();
    stubIntegrations([[salesHubSpot]]);
    renderTab();
    jest
      .spyOn(navigator.clipboard, 'writeText')
      .mockRejectedValue(new DOMException('Denied', 'NotAllowedError'));
    await user.click(await screen.findByRole('button', { name: 'Copy inbound event URL of Sales HubSpot' }));
    expect(card('Sales HubSpot').getByRole('status')).toHaveTextContent(COPY_UNAVAILABLE);
  });

  it("keeps 'Create' disabled until type, name and API key are filled; the webhook URL is optional", async () => {
    stubIntegrations([[salesHubSpot]]);
    renderTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Add Integration' }));
    const form = dialog('Add Integration');
    const create = form.getByRole('button', { name: 'Create' });
    expect(create).toBeDisabled();
    expect(form.getByText("Optional: your system's endpoint for notifications from us")).toBeInTheDocument();

    await fillForm({ type: 'Salesforce', name: '   ' });
    expect(create).toBeDisabled();
    await fillForm({ name: 'Enterprise Salesforce' });
    expect(create).toBeDisabled();
    await fillForm({ apiKey: '  ' });
    expect(create).toBeDisabled();
    await fillForm({ apiKey: 'sf-key-1' });
    expect(create).toBeEnabled();

    const types = await (async () => {
      await userEvent.click(form.getByRole('combobox', { name: 'Type' }));
      return screen.getAllByRole('option').map((option) => option.textContent);
    })();
    expect(types).toEqual(['HubSpot', 'Salesforce', 'Zoho', 'Twilio', 'Dialpad', 'RingCentral']);
  });

  it('masks the API key with a show/hide toggle', async () => {
    stubIntegrations([[salesHubSpot]]);
    renderTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Add Integration' }));
    const apiKey = dialog('Add Integration').getByLabelText(/^API Key/);
    expect(apiKey).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Show API key' }));
    expect(apiKey).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Hide API key' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('creates an integration, then shows its inbound URL and signing secret once', async () => {
    const user = userEvent.setup();
    const calls = stubIntegrations([[salesHubSpot], [outboundTwilio, salesHubSpot]], {
      'POST /api/crm/integrations': { status: 201, body: created },
    });
    const { store } = renderTab();
    const addButton = await screen.findByRole('button', { name: 'Add Integration' });
    await user.click(addButton);
    await fillForm({ type: 'Twilio', name: '  Outbound Twilio ', apiKey: ' tw-key-1 ' });
    await user.click(screen.getByRole('button', { name: 'Create' }));

    const connected = await screen.findByRole('dialog', { name: 'Integration connected' });
    expect(calls.find(({ method }) => method === 'POST')).toEqual({
      method: 'POST',
      path: '/api/crm/integrations',
      authorization: 'Bearer tok-1',
      body: { type: 'twilio', name: 'Outbound Twilio', apiKey: 'tw-key-1' },
    });
    expect(store.getState().toast.current).toMatchObject({
      title: 'Integration created successfully',
      severity: 'success',
    });
    const view = within(connected);
    expect(view.getByRole('heading', { name: 'Integration connected' })).toHaveFocus();
    expect(view.getByText(created.inboundUrl)).toBeInTheDocument();
    expect(view.getByText(created.signingSecret)).toBeInTheDocument();
    expect(view.getByText(/it won't be shown again/)).toBeInTheDocument();
    expect(connected).toHaveTextContent('X-Portal-Signature: t=<unix seconds>,v1=<signature>');
    expect(connected).toHaveTextContent('call.completed, lead.created or lead.converted');
    // The secret stays in the dialog, not in the store.
    expect(JSON.stringify(store.getState())).not.toContain(created.signingSecret);

    const writeText = jest.spyOn(navigator.clipboard, 'writeText');
    await user.click(view.getByRole('button', { name: 'Copy Signing secret' }));
    expect(writeText).toHaveBeenCalledWith(created.signingSecret);
    expect(view.getByRole('button', { name: 'Copied' })).toHaveFocus();
    expect(view.getByRole('button', { name: 'Copy Inbound event URL' })).toBeInTheDocument();

    await user.click(view.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(addButton).toHaveFocus());
    expect(screen.getByRole('listitem', { name: 'Outbound Twilio' })).toBeInTheDocument();
    expect(screen.queryByText(created.signingSecret)).not.toBeInTheDocument();

    // Opened again, it is a fresh form: the secret is gone for good.
    await user.click(addButton);
    expect(dialog('Add Integration').getByRole('button', { name: 'Create' })).toBeDisabled();
    expect(screen.queryByText(created.signingSecret)).not.toBeInTheDocument();
  });

  it('sends the webhook URL when one is given', async () => {
    const calls = stubIntegrations([[salesHubSpot]], {
      'POST /api/crm/integrations': { status: 201, body: created },
    });
    renderTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Add Integration' }));
    await fillForm({
      type: 'Zoho',
      name: 'Zoho CRM',
      apiKey: 'z-1',
      webhookUrl: 'https://crm.example.com/hooks',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    await screen.findByRole('dialog', { name: 'Integration connected' });
    expect(calls.find(({ method }) => method === 'POST')?.body).toEqual({
      type: 'zoho',
      name: 'Zoho CRM',
      apiKey: 'z-1',
      webhookUrl: 'https://crm.example.com/hooks',
    });
  });

  it("marks a webhook URL the server would refuse once the field is left, and keeps 'Create' disabled", async () => {
    const message = 'Webhook URL must be an http(s) URL such as https://example.com/hooks/calls';
    const hint = "Optional: your system's endpoint for notifications from us";
    const calls = stubIntegrations([[salesHubSpot]]);
    renderTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Add Integration' }));
    await fillForm({ type: 'RingCentral', name: 'Front desk', apiKey: 'rc-1', webhookUrl: 'ftp://x' });
    const form = dialog('Add Integration');
    const url = form.getByLabelText('Webhook URL');
    const create = form.getByRole('button', { name: 'Create' });
    expect(create).toBeDisabled();
    // Not while it is being typed: only once the field is left.
    expect(url).toHaveAttribute('aria-invalid', 'false');
    expect(url).toHaveAccessibleDescription(hint);

    await userEvent.tab();
    expect(url).toHaveAttribute('aria-invalid', 'true');
    expect(url).toHaveAccessibleDescription(message);
    await userEvent.type(url, '{Enter}');
    expect(calls.some(({ method }) => method === 'POST')).toBe(false);

    await userEvent.clear(url);
    await userEvent.type(url, 'https://crm.example.com/hooks');
    expect(url).toHaveAttribute('aria-invalid', 'false');
    expect(url).toHaveAccessibleDescription(hint);
    expect(create).toBeEnabled();
  });

  it("says 'Failed to create integration' with the server's message and keeps the form as typed", async () => {
    const message = 'The integration service is unavailable';
    stubIntegrations([[salesHubSpot]], {
      'POST /api/crm/integrations': serverError(message, 503),
    });
    const { store } = renderTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Add Integration' }));
    await fillForm({
      type: 'RingCentral',
      name: 'Front desk',
      apiKey: 'rc-1',
      webhookUrl: 'https://crm.example.com/hooks',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));

    await waitFor(() =>
      expect(store.getState().toast.current).toMatchObject(
        errorToast('Failed to create integration', message),
      ),
    );
    const form = dialog('Add Integration');
    expect(form.getByLabelText('Name', { exact: false })).toHaveValue('Front desk');
    expect(form.getByLabelText(/^API Key/)).toHaveValue('rc-1');
    expect(form.getByLabelText('Webhook URL')).toHaveValue('https://crm.example.com/hooks');
    expect(form.getByRole('button', { name: 'Create' })).toBeEnabled();
  });

  it('deletes after a confirmation naming the integration', async () => {
    const calls = stubIntegrations([[salesHubSpot, supportDialpad], [supportDialpad]], {
      [`DELETE /api/crm/integrations/${salesHubSpot.id}`]: { status: 204 },
    });
    const { store } = renderTab();
    const deleteButton = await screen.findByRole('button', { name: 'Delete Sales HubSpot' });

    await userEvent.click(deleteButton);
    expect(dialog('Delete integration?').getByText('Sales HubSpot')).toBeInTheDocument();
    await userEvent.click(dialog('Delete integration?').getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(deleteButton).toHaveFocus());
    expect(calls.some(({ method }) => method === 'DELETE')).toBe(false);

    await userEvent.click(deleteButton);
    await userEvent.click(dialog('Delete integration?').getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(screen.queryByRole('listitem', { name: 'Sales HubSpot' })).not.toBeInTheDocument(),
    );
    expect(calls.filter(({ method }) => method === 'DELETE')).toEqual([
      expect.objectContaining({
        path: `/api/crm/integrations/${salesHubSpot.id}`,
        authorization: 'Bearer tok-1',
      }),
    ]);
    expect(store.getState().toast.current).toMatchObject({
      title: 'Integration deleted successfully',
      severity: 'success',
    });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add Integration' })).toHaveFocus());
  });

  it("says 'Failed to delete integration' and keeps the integration", async () => {
    stubIntegrations([[salesHubSpot]], {
      [`DELETE /api/crm/integrations/${salesHubSpot.id}`]: serverError('Integration not found', 404),
    });
    const { store } = renderTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Sales HubSpot' }));
    await userEvent.click(dialog('Delete integration?').getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(store.getState().toast.current).toMatchObject(
        errorToast('Failed to delete integration', 'Integration not found'),
      ),
    );
    // The dialog stays open to try again or cancel; the integration is still listed.
    await userEvent.click(dialog('Delete integration?').getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('listitem', { name: 'Sales HubSpot' })).toBeInTheDocument();
  });

  it("offers 'Add Integration' when there is none yet", async () => {
    stubIntegrations([[]]);
    renderTab();
    expect(await screen.findByText('No integrations connected yet')).toBeInTheDocument();
    const addButtons = screen.getAllByRole('button', { name: 'Add Integration' });
    expect(addButtons).toHaveLength(1);
    await userEvent.click(addButtons[0]);
    expect(screen.getByRole('dialog', { name: 'Add Integration' })).toBeInTheDocument();
  });

  it("says 'Failed to fetch integrations', shows the error in place and tries again", async () => {
    let fail = true;
    stubFetch({
      'GET /api/crm/integrations': () =>
        fail ? serverError('CRM service unavailable', 503) : { status: 200, body: [salesHubSpot] },
    });
    const { store } = renderTab();
    expect(await screen.findByText('We could not load your integrations.')).toBeInTheDocument();
    expect(store.getState().toast.current).toMatchObject(
      errorToast('Failed to fetch integrations', 'CRM service unavailable'),
    );
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('listitem', { name: 'Sales HubSpot' })).toBeInTheDocument();
  });

  it('shows placeholders while the list loads', async () => {
    // The list answers only once the placeholders have been seen, however fast the machine is.
    let answer: (list: Integration[]) => void = () => {};
    stubFetch({
      'GET /api/crm/integrations': () =>
        new Promise((resolve) => (answer = (body) => resolve({ status: 200, body }))),
    });
    renderTab();
    expect(await screen.findByRole('status', { name: 'Loading integrations' })).toBeInTheDocument();
    answer([salesHubSpot]);
    expect(await screen.findByRole('listitem', { name: 'Sales HubSpot' })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading integrations' })).not.toBeInTheDocument();
  });
});

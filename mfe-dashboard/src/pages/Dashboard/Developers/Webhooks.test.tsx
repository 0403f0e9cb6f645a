import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CreatedWebhookEndpoint, WebhookDelivery, WebhookEndpoint } from '@portal/contracts';
import { renderPage, stubFetch, type StubbedAnswer } from '@portal/web-testing';
import { serverError, signedInCustomer } from '../dashboard-fixtures';
import { aDelivery, anEndpoint, ENDPOINT_ID } from './developers-fixtures';
import { loadDevelopersApi } from './developers-api';
import { DevelopersTab } from './DevelopersTab';

const SIGNING_SECRET = 'whsec_4f1d2c3b4a5968778695a4b3c2d1e0f9';
const ENDPOINT_PATH = `/api/developers/webhooks/${ENDPOINT_ID}`;

/** The endpoint list answers `lists` in turn (the last one from then on); no API keys. */
function stubEndpoints(
  lists: WebhookEndpoint[][],
  more: Record<string, StubbedAnswer | (() => StubbedAnswer)> = {},
) {
  let call = 0;
  return stubFetch({
    'GET /api/developers/keys': { status: 200, body: [] },
    'GET /api/developers/webhooks': () => ({ status: 200, body: lists[Math.min(call++, lists.length - 1)] }),
    ...more,
  });
}

const renderTab = (endpointId?: string) =>
  renderPage(<DevelopersTab listPath="/dashboard/developers" endpointId={endpointId} />, {
    route: endpointId ? `/dashboard/developers/${endpointId}` : '/dashboard/developers',
    state: signedInCustomer,
  });
const dialog = (name: string) => within(screen.getByRole('dialog', { name }));
const page = (items: WebhookDelivery[], nextCursor: string | null = null) => ({
  status: 200,
  body: { items, nextCursor },
});

describe('Developers tab: webhooks', () => {
  beforeAll(() => loadDevelopersApi());
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('token', 'tok-1');
  });
  afterEach(() => jest.restoreAllMocks());

  it('lists each endpoint with its URL, events and status, and links to its delivery log', async () => {
    stubEndpoints([
      [
        anEndpoint(),
        anEndpoint({
          id: '1f2e3d4c-5b6a-4978-8695-a4b3c2d1e0f9',
          url: 'https://calls.example.com/in',
          events: ['ticket.created', 'call.completed'],
          status: 'failing',
          failingSince: '2026-11-24T08:00:00.000Z',
          description: null,
        }),
        anEndpoint({
          id: '2f2e3d4c-5b6a-4978-8695-a4b3c2d1e0f9',
          url: 'https://off.example.com',
          status: 'disabled',
        }),
      ],
    ]);
    renderTab();
    const first = within(
      await screen.findByRole('listitem', { name: 'https://hooks.example.com/millstone' }),
    );
    expect(first.getByText('Our ticket sync')).toBeInTheDocument();
    expect(first.getByText('ticket.created')).toBeInTheDocument();
    expect(first.getByText('Active')).toBeInTheDocument();
    expect(
      first.getByRole('link', { name: 'Delivery log of https://hooks.example.com/millstone' }),
    ).toHaveAttribute('href', `/dashboard/developers/${ENDPOINT_ID}`);
    const failing = within(screen.getByRole('listitem', { name: 'https://calls.example.com/in' }));
    expect(failing.getByText('Failing')).toBeInTheDocument();
    expect(failing.getByText(/^Added/)).toHaveTextContent('Added Nov 21, 2026 · Failing since Nov 24, 2026');
    expect(failing.getByText('call.completed')).toBeInTheDocument();
    const off = within(screen.getByRole('listitem', { name: 'https://off.example.com' }));
    expect(off.getByText('Disabled')).toBeInTheDocument();
    expect(off.getByRole('button', { name: 'Enable https://off.example.com' })).toBeInTheDocument();
  });

  it('shows an empty state linking to the webhooks docs', async () => {
    stubEndpoints([[]]);
    renderTab();
    expect(await screen.findByRole('heading', { name: 'No webhook endpoints yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'webhooks' })).toHaveAttribute('href', '/docs#webhooks');
  });

  it('adds an endpoint and shows its signing secret once', async () => {
    const user = userEvent.setup();
    const created: CreatedWebhookEndpoint = {
      ...anEndpoint({ events: ['call.completed'], description: 'Dialer sync' }),
      signingSecret: SIGNING_SECRET,
    };
    const calls = stubEndpoints(
      [[], [anEndpoint({ events: ['call.completed'], description: 'Dialer sync' })]],
      {
        'POST /api/developers/webhooks': { status: 201, body: created },
      },
    );
    const { store } = renderTab();
    await screen.findByRole('heading', { name: 'No webhook endpoints yet' });
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    const form = dialog('Add endpoint');
    const submit = form.getByRole('button', { name: 'Add endpoint' });
    const url = form.getByRole('textbox', { name: /^Endpoint URL/ });
    await user.type(url, 'ftp://nope');
    await user.tab();
    expect(url).toHaveAccessibleDescription(
      'URL must be an http(s) URL such as https://example.com/webhooks/millstone',
    );
    expect(submit).toBeDisabled();
    await user.clear(url);
    await user.click(url);
    await user.paste(' https://hooks.example.com/millstone ');
    expect(submit).toBeDisabled();
    await user.click(form.getByRole('checkbox', { name: /call\.completed/ }));
    await user.type(form.getByRole('textbox', { name: 'Description' }), 'Dialer sync');
    expect(submit).toBeEnabled();
    await user.click(submit);

    const shown = within(await screen.findByRole('dialog', { name: 'Endpoint added' }));
    expect(calls.find(({ method }) => method === 'POST')?.body).toEqual({
      url: 'https://hooks.example.com/millstone',
      events: ['call.completed'],
      description: 'Dialer sync',
    });
    expect(shown.getByText(SIGNING_SECRET)).toBeInTheDocument();
    expect(shown.getByText(/it won't be shown again/)).toBeInTheDocument();
    expect(shown.getByText(/X-Portal-Signature: t=<unix seconds>,v1=<signature>/)).toBeInTheDocument();
    expect(JSON.stringify(store.getState())).not.toContain(SIGNING_SECRET);
    await user.click(shown.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(
      await screen.findByRole('listitem', { name: 'https://hooks.example.com/millstone' }),
    ).toBeInTheDocument();
    expect(document.body.textContent).not.toContain(SIGNING_SECRET);
  });

  it("shows crm's refusal of a private address in the dialog", async () => {
    const user = userEvent.setup();
    const refused =
      'This URL resolves to a private, loopback or link-local address, which webhooks cannot reach.';
    stubEndpoints([[]], { 'POST /api/developers/webhooks': serverError(refused, 400) });
    renderTab();
    await screen.findByRole('heading', { name: 'No webhook endpoints yet' });
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    const form = dialog('Add endpoint');
    await user.click(form.getByRole('textbox', { name: /^Endpoint URL/ }));
    await user.paste('http://169.254.169.254/latest');
    await user.click(form.getByRole('checkbox', { name: /ticket\.created/ }));
    await user.click(form.getByRole('button', { name: 'Add endpoint' }));
    expect(await form.findByRole('alert')).toHaveTextContent(refused);
  });

  it('disables an endpoint, and deletes one after asking', async () => {
    const user = userEvent.setup();
    const calls = stubEndpoints([[anEndpoint()], [anEndpoint({ status: 'disabled' })], []], {
      [`PATCH ${ENDPOINT_PATH}`]: { status: 200, body: anEndpoint({ status: 'disabled' }) },
      [`DELETE ${ENDPOINT_PATH}`]: { status: 204 },
    });
    const { store } = renderTab();
    await user.click(
      await screen.findByRole('button', { name: 'Disable https://hooks.example.com/millstone' }),
    );
    expect(await screen.findByText('Disabled')).toBeInTheDocument();
    expect(calls.find(({ method }) => method === 'PATCH')?.body).toEqual({ enabled: false });
    expect(store.getState().toast.current).toMatchObject({ title: 'Endpoint disabled', severity: 'success' });

    await user.click(screen.getByRole('button', { name: 'Delete https://hooks.example.com/millstone' }));
    await user.click(dialog('Delete endpoint?').getByRole('button', { name: 'Delete endpoint' }));
    expect(await screen.findByRole('heading', { name: 'No webhook endpoints yet' })).toBeInTheDocument();
    expect(calls.filter(({ method }) => method === 'DELETE').map(({ path }) => path)).toEqual([
      ENDPOINT_PATH,
    ]);
  });

  describe("an endpoint's delivery log", () => {
    it('lists deliveries and expands one to its request body and every attempt', async () => {
      const user = userEvent.setup();
      const failed = aDelivery({
        id: 'e1e2e3e4-b5c6-4d7e-8f9a-0b1c2d3e4f5a',
        eventId: 'evt_aaaabbbbccccddddeeeeffff00001111',
        status: 'retrying',
        nextAttemptAt: '2026-11-25T10:00:00.000Z',
        attempts: [
          {
            attempt: 1,
            at: '2026-11-25T09:30:00.000Z',
            durationMs: 312,
            responseStatus: 500,
            responseBody: 'Internal Server Error: db down',
            error: null,
          },
        ],
      });
      stubEndpoints([[anEndpoint()]], {
        [`GET ${ENDPOINT_PATH}/deliveries`]: page([failed, aDelivery()]),
      });
      renderTab(ENDPOINT_ID);
      expect(
        await screen.findByRole('heading', { level: 2, name: 'https://hooks.example.com/millstone' }),
      ).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'All endpoints' })).toHaveAttribute(
        'href',
        '/dashboard/developers',
      );
      const retrying = within(
        await screen.findByRole('listitem', { name: `ticket.created ${failed.eventId}` }),
      );
      expect(retrying.getByText('Retrying')).toBeInTheDocument();
      expect(retrying.getByText('HTTP 500')).toBeInTheDocument();
      expect(retrying.getByText('312 ms')).toBeInTheDocument();

      const delivered = within(
        screen.getByRole('listitem', { name: `ticket.created ${aDelivery().eventId}` }),
      );
      expect(delivered.getByText('Succeeded')).toBeInTheDocument();
      expect(delivered.getByText('Attempts').nextElementSibling).toHaveTextContent('2');
      expect(delivered.getByText('Last response').nextElementSibling).toHaveTextContent('HTTP 200');
      const toggle = delivered.getByRole('button', { name: 'Show request and attempts' });
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
      expect(delivered.queryByText('Request body')).not.toBeInTheDocument();
      await user.click(toggle);
      expect(delivered.getByRole('button', { name: 'Hide details' })).toHaveAttribute(
        'aria-expanded',
        'true',
      );
      expect(delivered.getByText('Request body').nextElementSibling).toHaveTextContent(
        '"subject": "Calls drop"',
      );
      const attempts = within(delivered.getByRole('list', { name: `Attempts of ${aDelivery().eventId}` }));
      const first = within(attempts.getByRole('listitem', { name: 'Attempt 1' }));
      expect(first.getByText('No response')).toBeInTheDocument();
      expect(first.getByText('Error: Timed out after 10 s')).toBeInTheDocument();
      expect(first.getByText(/10\.0 s/)).toBeInTheDocument();
      const second = within(attempts.getByRole('listitem', { name: 'Attempt 2' }));
      expect(second.getByText('HTTP 200')).toBeInTheDocument();
      expect(second.getByText('{"received":true}')).toBeInTheDocument();
    });

    it('resends a delivery and sends a test event, each with a toast, and reads the log again', async () => {
      const user = userEvent.setup();
      let reads = 0;
      const test = aDelivery({
        id: 'f0f0f0f0-b5c6-4d7e-8f9a-0b1c2d3e4f5a',
        eventId: 'evt_7e57e57e57e57e57e57e57e57e57e57',
        eventType: 'webhook.test',
        status: 'pending',
        attempts: [],
      });
      const calls = stubEndpoints([[anEndpoint()]], {
        [`GET ${ENDPOINT_PATH}/deliveries`]: () =>
          reads++ < 2 ? page([aDelivery()]) : page([test, aDelivery()]),
        [`POST ${ENDPOINT_PATH}/deliveries/${aDelivery().id}/resend`]: {
          status: 202,
          body: aDelivery({ status: 'pending' }),
        },
        [`POST ${ENDPOINT_PATH}/test`]: { status: 202, body: test },
      });
      const { store } = renderTab(ENDPOINT_ID);
      await user.click(await screen.findByRole('button', { name: `Resend ${aDelivery().eventId}` }));
      await waitFor(() =>
        expect(store.getState().toast.current).toMatchObject({
          title: 'Delivery queued again',
          severity: 'success',
        }),
      );
      expect(calls.filter(({ method }) => method === 'POST').map(({ path }) => path)).toEqual([
        `${ENDPOINT_PATH}/deliveries/${aDelivery().id}/resend`,
      ]);
      await waitFor(() => expect(reads).toBe(2));

      await user.click(screen.getByRole('button', { name: 'Send test event' }));
      await waitFor(() =>
        expect(store.getState().toast.current).toMatchObject({
          title: 'Test event sent',
          description: `webhook.test ${test.eventId}`,
          severity: 'success',
        }),
      );
      const shown = within(await screen.findByRole('listitem', { name: `webhook.test ${test.eventId}` }));
      expect(shown.getByText('Pending')).toBeInTheDocument();
      expect(shown.getByText('Not sent yet')).toBeInTheDocument();
    });

    it('toasts a refused resend in the server’s words', async () => {
      const user = userEvent.setup();
      stubEndpoints([[anEndpoint()]], {
        [`GET ${ENDPOINT_PATH}/deliveries`]: page([aDelivery()]),
        [`POST ${ENDPOINT_PATH}/deliveries/${aDelivery().id}/resend`]: serverError(
          'This endpoint is disabled: enable it to send events to it.',
          409,
        ),
      });
      const { store } = renderTab(ENDPOINT_ID);
      await user.click(await screen.findByRole('button', { name: `Resend ${aDelivery().eventId}` }));
      await waitFor(() =>
        expect(store.getState().toast.current).toMatchObject({
          title: 'Failed to resend delivery',
          description: 'This endpoint is disabled: enable it to send events to it.',
          severity: 'error',
        }),
      );
    });

    it('reads older deliveries with the cursor', async () => {
      const user = userEvent.setup();
      const older = aDelivery({
        id: 'a0a0a0a0-b5c6-4d7e-8f9a-0b1c2d3e4f5a',
        eventId: 'evt_older',
        eventType: 'call.completed',
      });
      const asked: string[] = [];
      stubEndpoints([[anEndpoint()]], {
        [`GET ${ENDPOINT_PATH}/deliveries`]: ((request: Request) => {
          const before = new URL(request.url).searchParams.get('before');
          asked.push(before ?? '');
          return before === 'cur-1' ? page([older]) : page([aDelivery()], 'cur-1');
        }) as unknown as () => StubbedAnswer,
      });
      renderTab(ENDPOINT_ID);
      await user.click(await screen.findByRole('button', { name: 'Show more deliveries' }));
      expect(await screen.findByRole('listitem', { name: 'call.completed evt_older' })).toBeInTheDocument();
      expect(asked).toEqual(['', 'cur-1']);
    });

    it("says 'not found' for an endpoint not in the organization's list", async () => {
      const calls = stubEndpoints([[anEndpoint()]]);
      renderTab('99999999-9999-4999-8999-999999999999');
      expect(await screen.findByRole('heading', { name: 'Endpoint not found' })).toBeInTheDocument();
      expect(calls.some(({ path }) => path.includes('/deliveries'))).toBe(false);
    });

    it('says when the log cannot be read, with a retry', async () => {
      stubEndpoints([[anEndpoint()]], { [`GET ${ENDPOINT_PATH}/deliveries`]: serverError('Boom') });
      renderTab(ENDPOINT_ID);
      expect(await screen.findByText('We could not load the delivery log.')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    });
  });
});

import { teamMessages } from '@portal/contracts';
import { lazyApi } from './api-loader';
import { selectSessionStatus } from './hooks';
import { createPortalStore } from './store';

const ORG_A = '0d7e8f5a-1b2c-4d3e-8f9a-0b1c2d3e4f5a';
const ORG_B = '1e8f9a0b-2c3d-4e5f-9a0b-1c2d3e4f5a6b';
const user = {
  id: '6f1c1d52-8a43-4f0e-9a51-3b7c1f0d2e11',
  name: 'Ann Lee',
  email: 'ann@example.com',
  role: 'customer' as const,
};
const meIn = (organizationId: string | null, orgRole: 'owner' | 'billing' | 'member' | null) => ({
  ...user,
  organizationId,
  organizationName: organizationId ? 'Lee Logistics' : null,
  orgRole,
});
const changed = { status: 401, body: { statusCode: 401, message: teamMessages.membershipChanged } };

type Answer = { status: number; body?: unknown };
/** Answers by `METHOD /path`, in turn when a list is given; records the calls with their token and body. */
function stubApi(answers: Record<string, Answer | Answer[]>) {
  const calls: { route: string; authorization: string | null; body: string }[] = [];
  jest.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    const route = `${request.method} ${new URL(request.url).pathname}`;
    calls.push({ route, authorization: request.headers.get('authorization'), body: await request.text() });
    const queued = answers[route];
    const answer = Array.isArray(queued) ? queued.shift() : queued;
    if (!answer) throw new TypeError('Failed to fetch');
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  return calls;
}

const testApi = lazyApi((api) =>
  api.injectEndpoints({
    endpoints: (build) => ({
      orders: build.query<unknown, void>({ query: () => '/user/orders' }),
      tickets: build.query<unknown, void>({ query: () => '/support/tickets' }),
    }),
  }),
);

function signedInStore(orgRole: 'owner' | 'billing' = 'owner') {
  localStorage.setItem('token', 'old-token');
  return createPortalStore({ session: { hasToken: true, user: meIn(ORG_A, orgRole), checking: false } });
}

beforeEach(() => localStorage.clear());
afterEach(() => jest.restoreAllMocks());

describe('a call refused because the membership changed', () => {
  it('gets a new token once (no body), stores it as login does, reloads the user and retries the call once', async () => {
    const store = signedInStore('owner');
    localStorage.setItem('auth_token', 'older');
    const calls = stubApi({
      'GET /api/user/orders': [changed, { status: 200, body: [] }],
      'POST /api/auth/token': { status: 200, body: { token: 'new-token', user } },
      'GET /api/auth/me': { status: 200, body: meIn(ORG_A, 'billing') },
    });
    const { endpoints } = await testApi.load();
    const result = await store.dispatch(endpoints.orders.initiate());
    expect(result.data).toEqual([]);
    expect(calls.map(({ route, authorization }) => [route, authorization])).toEqual([
      ['GET /api/user/orders', 'Bearer old-token'],
      ['POST /api/auth/token', 'Bearer old-token'],
      ['GET /api/auth/me', 'Bearer new-token'],
      ['GET /api/user/orders', 'Bearer new-token'],
    ]);
    expect(calls[1]!.body).toBe('');
    expect(localStorage.getItem('token')).toBe('new-token');
    expect(localStorage.getItem('auth_token')).toBeNull();
    expect(store.getState().session.user?.orgRole).toBe('billing');
  });

  it('renews once for calls refused together', async () => {
    const store = signedInStore();
    const calls = stubApi({
      'GET /api/user/orders': [changed, { status: 200, body: [] }],
      'GET /api/support/tickets': [changed, { status: 200, body: [] }],
      'POST /api/auth/token': { status: 200, body: { token: 'new-token', user } },
      'GET /api/auth/me': { status: 200, body: meIn(ORG_A, 'owner') },
    });
    const { endpoints } = await testApi.load();
    const [orders, tickets] = await Promise.all([
      store.dispatch(endpoints.orders.initiate()),
      store.dispatch(endpoints.tickets.initiate()),
    ]);
    expect([orders.data, tickets.data]).toEqual([[], []]);
    expect(calls.filter(({ route }) => route === 'POST /api/auth/token')).toHaveLength(1);
  });

  it('signs out when the session cannot be renewed (401), without retrying the call', async () => {
    const store = signedInStore();
    const calls = stubApi({
      'GET /api/user/orders': changed,
      'POST /api/auth/token': { status: 401, body: { statusCode: 401, message: 'Unauthorized' } },
    });
    const { endpoints } = await testApi.load();
    await store.dispatch(endpoints.orders.initiate());
    expect(calls.map(({ route }) => route)).toEqual(['GET /api/user/orders', 'POST /api/auth/token']);
    expect(localStorage.getItem('token')).toBeNull();
    expect(selectSessionStatus(store.getState())).toBe('signedOut');
  });

  it('fails a call refused again after the renewal without a second renewal', async () => {
    const store = signedInStore();
    const calls = stubApi({
      'GET /api/user/orders': [changed, changed],
      'POST /api/auth/token': { status: 200, body: { token: 'new-token', user } },
      'GET /api/auth/me': { status: 200, body: meIn(ORG_A, 'owner') },
    });
    const { endpoints } = await testApi.load();
    const result = await store.dispatch(endpoints.orders.initiate());
    expect((result.error as { status: number }).status).toBe(401);
    expect(calls.filter(({ route }) => route === 'GET /api/user/orders')).toHaveLength(2);
    expect(calls.filter(({ route }) => route === 'POST /api/auth/token')).toHaveLength(1);
  });

  it('leaves any other 401 alone: no renewal, no retry', async () => {
    const store = signedInStore();
    const calls = stubApi({
      'GET /api/user/orders': { status: 401, body: { statusCode: 401, message: 'Unauthorized' } },
    });
    const { endpoints } = await testApi.load();
    await store.dispatch(endpoints.orders.initiate());
    expect(calls.map(({ route }) => route)).toEqual(['GET /api/user/orders']);
    expect(localStorage.getItem('token')).toBe('old-token');
  });

  it("drops the cached answers when the new token is another organization's (removed from this one)", async () => {
    const store = signedInStore();
    stubApi({
      'GET /api/support/tickets': { status: 200, body: ['A ticket of organization A'] },
      'GET /api/user/orders': [changed, { status: 200, body: [] }],
      'POST /api/auth/token': { status: 200, body: { token: 'new-token', user } },
      'GET /api/auth/me': { status: 200, body: meIn(ORG_B, 'owner') },
    });
    const { endpoints } = await testApi.load();
    await store.dispatch(endpoints.tickets.initiate());
    expect(endpoints.tickets.select()(store.getState() as never).data).toEqual([
      'A ticket of organization A',
    ]);
    await store.dispatch(endpoints.orders.initiate());
    expect(endpoints.tickets.select()(store.getState() as never).data).toBeUndefined();
    expect(store.getState().session.user?.organizationId).toBe(ORG_B);
  });
});

import { act, screen } from '@testing-library/react';
import type { MetricsResponse } from '@portal/contracts';
import { renderPage } from '@portal/web-testing';
import { loadDashboardApi, useMetricsQuery } from '../api/dashboard-api';
import { customer, signedInCustomer } from '../pages/Dashboard/dashboard-fixtures';
import { useLiveMetrics } from './useLiveMetrics';

const metricsWithCalls = (calls: number): MetricsResponse => ({
  timezone: 'America/New_York',
  today: { date: '2026-11-24', calls, leads: 1, conversions: 0 },
  range: { preset: '30d', from: '2026-11-24', to: '2026-11-24' },
  daily: [{ date: '2026-11-24', calls, leads: 1, conversions: 0 }],
});

const READY = 'event: ready\ndata: {}\n\n';
const METRIC = 'event: metric\ndata: {"metricType":"calls","occurredAt":"2026-11-24T15:00:00.000Z"}\n\n';

interface StreamRequest {
  /** When it was made, on the test's clock. */
  at: number;
  authorization: string | null;
  accept: string | null;
  signal: AbortSignal;
  send(text: string): void;
  end(): void;
}

/**
 * The gateway as the hook sees it: `GET /api/kpi/metrics` answers one more call each time, and
 * `GET /api/kpi/stream` answers with the next status of `streamStatuses` (200 from then on): a 200
 * is an open event stream the test writes to and ends, cut like a real one when the request aborts.
 */
function stubGateway(streamStatuses: number[] = [], { renews = false } = {}) {
  const streams: StreamRequest[] = [];
  let metricsCalls = 0;
  jest.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    const path = new URL(request.url).pathname;
    // Identity, when the test lets the session be renewed: a new token, the user as now.
    if (renews && path === '/api/auth/token') return Response.json({ token: 'tok-2', user: customer });
    if (renews && path === '/api/auth/me') return Response.json({ ...customer, orgRole: 'member' });
    if (path === '/api/kpi/metrics') {
      metricsCalls += 1;
      return Response.json(metricsWithCalls(metricsCalls));
    }
    if (path !== '/api/kpi/stream') throw new TypeError('Failed to fetch');
    const status = streamStatuses[streams.length] ?? 200;
    const encoder = new TextEncoder();
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({ start: (started) => void (controller = started) });
    const signal = init!.signal!;
    signal.addEventListener('abort', () => controller.error(new DOMException('Aborted', 'AbortError')));
    streams.push({
      at: Date.now(),
      authorization: request.headers.get('authorization'),
      accept: request.headers.get('accept'),
      signal,
      send: (text) => controller.enqueue(encoder.encode(text)),
      end: () => controller.close(),
    });
    if (status !== 200)
      return new Response(JSON.stringify({ statusCode: status, message: 'No' }), { status });
    return new Response(body, { status, headers: { 'content-type': 'text/event-stream' } });
  });
  return { streams, metricsCalls: () => metricsCalls };
}

/** Today's calls as a dashboard card would show them, updated by the live stream. */
function LiveCalls() {
  useLiveMetrics();
  const { data } = useMetricsQuery();
  return <p>{data ? `Calls today: ${data.today.calls}` : 'Loading'}</p>;
}

/** Lets the fake clock run (timers, then the promises they settle). */
const wait = (ms: number) => act(() => jest.advanceTimersByTimeAsync(ms));

describe('useLiveMetrics', () => {
  beforeAll(() => loadDashboardApi());
  beforeEach(() => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    localStorage.clear();
    localStorage.setItem('token', 'tok-1');
  });
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('opens the stream with the bearer token and refetches the metrics when one is recorded', async () => {
    const gateway = stubGateway();
    renderPage(<LiveCalls />, { route: '/dashboard/kpis', state: signedInCustomer });
    expect(await screen.findByText('Calls today: 1')).toBeInTheDocument();
    expect(gateway.streams).toHaveLength(1);
    expect(gateway.streams[0]).toMatchObject({ authorization: 'Bearer tok-1', accept: 'text/event-stream' });

    gateway.streams[0].send(READY);
    await wait(1000);
    expect(gateway.metricsCalls()).toBe(1);

    // An event split across chunks, as the network may deliver it.
    gateway.streams[0].send(METRIC.slice(0, 20));
    gateway.streams[0].send(METRIC.slice(20));
    await wait(100);
    expect(screen.getByText('Calls today: 2')).toBeInTheDocument();
  });

  it('turns a burst of metrics into one refetch, within the one-second budget', async () => {
    const gateway = stubGateway();
    renderPage(<LiveCalls />, { route: '/dashboard/kpis', state: signedInCustomer });
    await screen.findByText('Calls today: 1');
    gateway.streams[0].send(READY + METRIC + METRIC);
    gateway.streams[0].send(METRIC);
    await wait(100);
    expect(gateway.metricsCalls()).toBe(2);
    expect(screen.getByText('Calls today: 2')).toBeInTheDocument();
    await wait(5000);
    expect(gateway.metricsCalls()).toBe(2);
  });

  it('reconnects 1 s after the stream ends, then refetches what it may have missed', async () => {
    const gateway = stubGateway();
    renderPage(<LiveCalls />, { route: '/dashboard/kpis', state: signedInCustomer });
    await screen.findByText('Calls today: 1');
    gateway.streams[0].send(READY);
    gateway.streams[0].end();
    await wait(999);
    expect(gateway.streams).toHaveLength(1);
    await wait(1);
    expect(gateway.streams).toHaveLength(2);
    expect(gateway.streams[1].authorization).toBe('Bearer tok-1');

    gateway.streams[1].send(READY);
    await wait(100);
    expect(screen.getByText('Calls today: 2')).toBeInTheDocument();
  });

  it('backs off 1 s, 2 s, 4 s … while the stream keeps failing', async () => {
    const gateway = stubGateway([503, 503, 503, 503]);
    renderPage(<LiveCalls />, { route: '/dashboard/kpis', state: signedInCustomer });
    await wait(20_000);
    const gaps = gateway.streams.slice(1).map(({ at }, index) => at - gateway.streams[index].at);
    expect(gaps).toEqual([1000, 2000, 4000, 8000]);
    expect(screen.getByText('Calls today: 1')).toBeInTheDocument();
  });

  it('starts again from 1 s after a connection that stayed open', async () => {
    const gateway = stubGateway([503, 503]);
    renderPage(<LiveCalls />, { route: '/dashboard/kpis', state: signedInCustomer });
    await wait(3000);
    expect(gateway.streams).toHaveLength(3);
    gateway.streams[2].send(READY);
    await wait(25_000);
    gateway.streams[2].end();
    const endedAt = Date.now();
    await wait(5000);
    expect(gateway.streams[3].at - endedAt).toBe(1000);
  });

  it.each([401, 403])('stops for good when the gateway answers %i', async (status) => {
    const gateway = stubGateway([status]);
    renderPage(<LiveCalls />, { route: '/dashboard/kpis', state: signedInCustomer });
    await screen.findByText('Calls today: 1');
    await wait(120_000);
    expect(gateway.streams).toHaveLength(1);
  });

  it('after a 401 (the membership changed) gets a new token and opens the stream again with it, once', async () => {
    const gateway = stubGateway([401, 401], { renews: true });
    const { store } = renderPage(<LiveCalls />, { route: '/dashboard/kpis', state: signedInCustomer });
    await wait(100);
    expect(gateway.streams.map(({ authorization }) => authorization)).toEqual([
      'Bearer tok-1',
      'Bearer tok-2',
    ]);
    expect(localStorage.getItem('token')).toBe('tok-2');
    expect(store.getState().session.user?.orgRole).toBe('member');
    // Refused again with the new token: no second renewal, no more attempts.
    await wait(120_000);
    expect(gateway.streams).toHaveLength(2);
  });

  it('closes the stream on unmount and does not reconnect', async () => {
    const gateway = stubGateway();
    const { unmount } = renderPage(<LiveCalls />, { route: '/dashboard/kpis', state: signedInCustomer });
    await screen.findByText('Calls today: 1');
    gateway.streams[0].send(READY);
    await wait(10);
    unmount();
    expect(gateway.streams[0].signal.aborted).toBe(true);
    await wait(60_000);
    expect(gateway.streams).toHaveLength(1);
  });

  it('does not open a stream without a token', async () => {
    localStorage.clear();
    const gateway = stubGateway();
    renderPage(<LiveCalls />, { route: '/dashboard/kpis', state: signedInCustomer });
    await screen.findByText('Calls today: 1');
    await wait(5000);
    expect(gateway.streams).toHaveLength(0);
  });
});

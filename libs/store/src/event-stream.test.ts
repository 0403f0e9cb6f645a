import { followEventStream, readEventStream, reconnectDelay, waitToReconnect } from './event-stream';
import { clearTokens, storeLoginToken } from './token';
import type { SseMessage } from './sse-parser';

/** A response body delivering `chunks` as they are, bytes cut anywhere (even inside a character). */
function bodyOf(...chunks: Uint8Array[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
}

describe('readEventStream', () => {
  it('hands every event of the body to the handler, a character cut between two chunks included', async () => {
    const bytes = new TextEncoder().encode(
      'event: ready\ndata: {}\n\n: ping\n\nevent: ticket\ndata: {"title":"Café"}\n\n',
    );
    const cut = bytes.indexOf(0xc3) + 1; // between the two bytes of "é"
    const messages: SseMessage[] = [];
    await readEventStream(bodyOf(bytes.slice(0, cut), bytes.slice(cut)), (message) => messages.push(message));
    expect(messages).toEqual([
      { event: 'ready', data: '{}', lastEventId: '' },
      { event: 'ticket', data: '{"title":"Café"}', lastEventId: '' },
    ]);
  });

  it('rejects when the connection fails', async () => {
    const failing = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.error(new TypeError('network error'));
      },
    });
    await expect(readEventStream(failing, () => undefined)).rejects.toThrow('network error');
  });
});

describe('reconnecting', () => {
  afterEach(() => jest.useRealTimers());

  it('waits 1 s, 2 s, 4 s … for the reconnects in a row, never more than 30 s', () => {
    expect([1, 2, 3, 5, 6, 7, 50].map(reconnectDelay)).toEqual([
      1000, 2000, 4000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });

  it('waits the delay of the attempt, and no longer once the signal aborts', async () => {
    jest.useFakeTimers();
    const waited = jest.fn();
    void waitToReconnect(2, new AbortController().signal).then(waited);
    await jest.advanceTimersByTimeAsync(1999);
    expect(waited).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);
    expect(waited).toHaveBeenCalled();

    const controller = new AbortController();
    const aborted = jest.fn();
    void waitToReconnect(5, controller.signal).then(aborted);
    controller.abort();
    await jest.advanceTimersByTimeAsync(0);
    expect(aborted).toHaveBeenCalled();
    expect(jest.getTimerCount()).toBe(0);
  });
});

describe('followEventStream', () => {
  const encoder = new TextEncoder();
  const answer = (status: number, text = '') =>
    ({ status, ok: status < 300, body: status < 300 ? bodyOf(encoder.encode(text)) : null }) as Response;
  let fetchMock: jest.Mock;

  beforeEach(() => {
    fetchMock = jest.fn();
    globalThis.fetch = fetchMock;
    storeLoginToken('a.token');
  });
  afterEach(() => {
    clearTokens();
    jest.useRealTimers();
  });

  it('hands on the events, says when it opens again after a gap, and backs off between tries', async () => {
    jest.useFakeTimers();
    const controller = new AbortController();
    const seen: string[] = [];
    fetchMock
      .mockResolvedValueOnce(answer(200, 'event: ready\ndata: {}\n\nevent: chat\ndata: {"n":1}\n\n'))
      .mockResolvedValueOnce(answer(503))
      .mockResolvedValueOnce(answer(200, 'event: ready\ndata: {}\n\n'))
      .mockImplementation(() => new Promise(() => undefined));
    const following = followEventStream({
      path: '/api/support/chats/stream',
      signal: controller.signal,
      onReady: (again) => seen.push(again ? 'ready again' : 'ready'),
      onMessage: ({ event, data }) => seen.push(`${event} ${data}`),
      onDown: (refused) => seen.push(refused ? 'refused' : 'down'),
    });
    await jest.advanceTimersByTimeAsync(0);
    expect(seen).toEqual(['ready', 'chat {"n":1}', 'down']);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0][1].headers.Authorization).toBe('Bearer a.token');
    // The first reconnect after 1 s (the connection was not healthy for long), then 2 s.
    await jest.advanceTimersByTimeAsync(1000);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await jest.advanceTimersByTimeAsync(1999);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await jest.advanceTimersByTimeAsync(1);
    expect(seen).toEqual(['ready', 'chat {"n":1}', 'down', 'down', 'ready again', 'down']);
    controller.abort();
    await following;
  });

  it.each([401, 403, 404])('stops for good on a %i, and without a token', async (status) => {
    const onDown = jest.fn();
    fetchMock.mockResolvedValue(answer(status));
    await followEventStream({
      path: '/s',
      signal: new AbortController().signal,
      onMessage: jest.fn(),
      onDown,
    });
    expect(onDown).toHaveBeenCalledWith(true);
    expect(fetchMock).toHaveBeenCalledTimes(1);

    clearTokens();
    fetchMock.mockClear();
    await followEventStream({
      path: '/s',
      signal: new AbortController().signal,
      onMessage: jest.fn(),
      onDown,
    });
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

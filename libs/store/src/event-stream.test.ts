import { readEventStream, reconnectDelay, waitToReconnect } from './event-stream';
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

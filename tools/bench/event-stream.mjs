const arrivalTimeoutMs = 10_000;

/**
 * Opens the server-sent event stream at `path` and notes when each `eventName` event came, under the
 * id `idOf(data)` gives it (events it gives none are passed over). `arrived(id)` resolves with that
 * time, whether the event came before or after the call; it fails after 10 s, naming `what` it waited for.
 * @param {string} baseUrl
 * @param {string} token
 * @param {string} path
 * @param {{ eventName: string, what: string, idOf: (data: any) => string | undefined }} events
 */
export async function openEventStream(baseUrl, token, path, { eventName, what, idOf }) {
  const response = await fetch(`${baseUrl}${path}`, {
    headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
  });
  if (!response.ok || !response.body)
    throw new Error(`GET ${new URL(path, baseUrl).pathname} answered ${response.status}`);
  /** @type {Map<string, number>} */
  const seen = new Map();
  /** @type {Map<string, (at: number) => void>} */
  const waiting = new Map();
  const close = readEvents(response.body, (event, data) => {
    if (event !== eventName) return;
    const id = idOf(JSON.parse(data || '{}'));
    if (id === undefined) return;
    const at = performance.now();
    seen.set(id, at);
    waiting.get(id)?.(at);
  });
  return {
    /** @param {string} id @returns {Promise<number>} */
    arrived: (id) =>
      seen.has(id)
        ? Promise.resolve(/** @type {number} */ (seen.get(id)))
        : new Promise((resolve, reject) => {
            const timer = setTimeout(() => {
              waiting.delete(id);
              reject(new Error(`no ${what} event within ${arrivalTimeoutMs / 1000} s`));
            }, arrivalTimeoutMs);
            waiting.set(id, (at) => {
              clearTimeout(timer);
              waiting.delete(id);
              resolve(at);
            });
          }),
    close,
  };
}

/**
 * Reads a server-sent event body in the background, handing each event's name and data (its `data:`
 * line) to `onEvent`; answers a function that stops reading.
 * @param {ReadableStream<Uint8Array>} body
 * @param {(event: string, data: string) => void} onEvent
 * @returns {() => Promise<void>}
 */
export function readEvents(body, onEvent) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  (async () => {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      let end;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const lines = buffer.slice(0, end).split('\n');
        buffer = buffer.slice(end + 2);
        const event = lines.find((line) => line.startsWith('event: '))?.slice(7);
        if (event) onEvent(event, lines.find((line) => line.startsWith('data: '))?.slice(6) ?? '');
      }
    }
  })().catch(() => undefined);
  return () => reader.cancel();
}

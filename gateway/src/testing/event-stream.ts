/** An open server-sent-events stream of the gateway (`GET /api/kpi/stream`, the ticket streams), read event by event. */
export class EventStream {
  private buffer = '';
  private constructor(
    private readonly reader: ReadableStreamDefaultReader<Uint8Array>,
    private readonly abort: AbortController,
  ) {}

  /** Opens `path` (with its query) with `token`; `stream` only when it answered 2xx with a body. */
  static async open(
    url: string,
    token: string,
    path = '/api/kpi/stream',
  ): Promise<{ response: Response; stream?: EventStream }> {
    const abort = new AbortController();
    const response = await fetch(`${url}${path}`, {
      headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
      signal: abort.signal,
    });
    if (!response.ok || !response.body) return { response };
    return { response, stream: new EventStream(response.body.getReader(), abort) };
  }

  /** The next event's block (`event: …` and `data: …` lines), or null once the stream has ended. */
  async next(timeoutMs = 2000): Promise<string | null> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const end = this.buffer.indexOf('\n\n');
      if (end >= 0) {
        const block = this.buffer.slice(0, end);
        this.buffer = this.buffer.slice(end + 2);
        if (!block.startsWith(':')) return block;
        continue;
      }
      const left = deadline - Date.now();
      if (left <= 0) throw new Error('no event in time');
      const chunk = await Promise.race([
        this.reader.read(),
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no event in time')), left)),
      ]);
      if (chunk.done) return null;
      this.buffer += new TextDecoder().decode(chunk.value);
    }
  }

  close(): void {
    this.abort.abort();
  }
}

/** One server-sent event, as the HTML standard's event-stream interpretation dispatches it. */
export interface SseMessage {
  /** The `event:` field, or 'message' when the event named none. */
  event: string;
  /** The `data:` lines joined by '\n'. */
  data: string;
  /** The last `id:` seen on the stream (it carries over to later events), or ''. */
  lastEventId: string;
}

export interface SseParser {
  /** Feeds decoded text; a chunk may end anywhere, even between a CR and its LF. */
  push(chunk: string): void;
}

/**
 * A parser of the `text/event-stream` format (HTML standard, "Interpreting an event stream"):
 * lines end in CRLF, LF or CR; a line starting with ':' is a comment; `field: value` lines fill the
 * event and a blank line dispatches it (an event without data is dropped). `retry:` is ignored: the
 * reader keeps its own reconnection policy.
 */
export function createSseParser(onMessage: (message: SseMessage) => void): SseParser {
  let buffer = '';
  let skipLeadingLf = false;
  let atStreamStart = true;
  let eventType = '';
  let data: string[] = [];
  let lastEventId = '';

  function dispatch() {
    if (data.length) onMessage({ event: eventType || 'message', data: data.join('\n'), lastEventId });
    eventType = '';
    data = [];
  }

  function processLine(line: string) {
    if (line === '') return dispatch();
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') eventType = value;
    else if (field === 'data') data.push(value);
    else if (field === 'id' && !value.includes('\0')) lastEventId = value;
  }

  return {
    push(chunk) {
      let text = chunk;
      if (!text) return;
      if (skipLeadingLf && text.startsWith('\n')) text = text.slice(1);
      skipLeadingLf = false;
      if (atStreamStart && text) {
        if (text.startsWith('\uFEFF')) text = text.slice(1);
        atStreamStart = false;
      }
      buffer += text;
      let start = 0;
      for (let index = 0; index < buffer.length; index += 1) {
        const char = buffer[index];
        if (char !== '\r' && char !== '\n') continue;
        processLine(buffer.slice(start, index));
        if (char === '\r') {
          if (index + 1 === buffer.length) skipLeadingLf = true;
          else if (buffer[index + 1] === '\n') index += 1;
        }
        start = index + 1;
      }
      buffer = buffer.slice(start);
    },
  };
}

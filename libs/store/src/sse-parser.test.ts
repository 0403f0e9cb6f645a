import { createSseParser, type SseMessage } from './sse-parser';

/** Feeds the chunks in order and returns what the parser dispatched. */
function parse(...chunks: string[]): SseMessage[] {
  const messages: SseMessage[] = [];
  const parser = createSseParser((message) => messages.push(message));
  for (const chunk of chunks) parser.push(chunk);
  return messages;
}

const metric = '{"metricType":"calls","occurredAt":"2026-11-24T15:00:00.000Z"}';

describe('server-sent events parser', () => {
  it('reads the stream the gateway sends: ready, a ping comment, then a metric', () => {
    expect(parse(`event: ready\ndata: {}\n\n: ping\n\nevent: metric\nid: 7\ndata: ${metric}\n\n`)).toEqual([
      { event: 'ready', data: '{}', lastEventId: '' },
      { event: 'metric', data: metric, lastEventId: '7' },
    ]);
  });

  it('gives the same events whichever way the bytes are split into chunks', () => {
    const stream = `event: ready\ndata: {}\n\nevent: metric\ndata: ${metric}\n\n`;
    const whole = parse(stream);
    expect(whole).toHaveLength(2);
    for (let cut = 1; cut < stream.length; cut += 1) {
      expect(parse(stream.slice(0, cut), stream.slice(cut))).toEqual(whole);
    }
    expect(parse(...stream.split(''))).toEqual(whole);
  });

  it('joins multi-line data with \\n and drops one space after the colon only', () => {
    expect(parse('data: first\ndata:second\ndata:  indented\n\n')).toEqual([
      { event: 'message', data: 'first\nsecond\n indented', lastEventId: '' },
    ]);
  });

  it('ignores comment lines, unknown fields and events without data; an unfinished event is not dispatched', () => {
    expect(
      parse(': ping\n\n:\n\nevent: ready\n\nretry: 10\nfoo: bar\ndata: x\n\ndata: unfinished\n'),
    ).toEqual([{ event: 'message', data: 'x', lastEventId: '' }]);
  });

  it('accepts CRLF, CR and LF line ends, with a CRLF split across chunks', () => {
    const expected = [
      { event: 'metric', data: 'a', lastEventId: '' },
      { event: 'metric', data: 'b', lastEventId: '' },
      { event: 'metric', data: 'c', lastEventId: '' },
    ];
    expect(
      parse('event: metric\r\ndata: a\r\n\r\nevent: metric\rdata: b\r\revent: metric\ndata: c\n\n'),
    ).toEqual(expected);
    // A CR at the end of one chunk and its LF at the start of the next are one line end, not two.
    expect(parse('event: metric\r', '\ndata: a\r', '\n\r', '\nevent: metric\r\ndata: b\r\n\r\n')).toEqual(
      expected.slice(0, 2),
    );
  });

  it('keeps the last event id for later events and skips a byte order mark at the start', () => {
    expect(parse('\uFEFFid: 41\ndata: one\n\ndata: two\n\n')).toEqual([
      { event: 'message', data: 'one', lastEventId: '41' },
      { event: 'message', data: 'two', lastEventId: '41' },
    ]);
  });

  it('treats a line without a colon as a field with an empty value', () => {
    expect(parse('data\ndata\n\n')).toEqual([{ event: 'message', data: '\n', lastEventId: '' }]);
  });
});

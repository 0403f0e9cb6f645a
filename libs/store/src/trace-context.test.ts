import { newTraceparent } from './trace-context';

describe('newTraceparent', () => {
  it('starts a new W3C trace for each request, unsampled by the browser', () => {
    const first = newTraceparent();
    expect(first).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-00$/);
    const [, traceId, spanId] = first.split('-');
    expect(traceId).not.toMatch(/^0+$/);
    expect(spanId).not.toMatch(/^0+$/);
    expect(newTraceparent().split('-')[1]).not.toBe(traceId);
  });
});

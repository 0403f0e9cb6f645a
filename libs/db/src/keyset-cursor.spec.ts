import { decodeKeysetCursor, encodeKeysetCursor } from './keyset-cursor';

describe('keyset cursors', () => {
  const cursor = { at: '2026-11-26T09:15:42.123456Z', id: '6f1c1d52-8a43-4f0e-9a51-3b7c1f0d2e11' };

  it('decode what encode made, to the microsecond', () => {
    expect(decodeKeysetCursor(encodeKeysetCursor(cursor))).toEqual(cursor);
  });

  it.each([
    ['not base64url', '%%%'],
    ['too long', 'A'.repeat(101)],
    ['no id', Buffer.from('2026-11-26T09:15:42.123456Z').toString('base64url')],
    ['a date that does not exist', encodeKeysetCursor({ ...cursor, at: '2026-02-30T00:00:00.000000Z' })],
    ['milliseconds only', encodeKeysetCursor({ ...cursor, at: '2026-11-26T09:15:42.123Z' })],
    ['before 1970', encodeKeysetCursor({ ...cursor, at: '0000-01-01T00:00:00.000000Z' })],
    ['an id that is not a uuid', encodeKeysetCursor({ ...cursor, id: "1' OR '1'='1" })],
    ['a third part', Buffer.from(`${cursor.at} ${cursor.id} more`).toString('base64url')],
  ])('refuse %s', (_what, text) => {
    expect(decodeKeysetCursor(text)).toBeNull();
  });
});

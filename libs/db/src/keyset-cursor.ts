/**
 * Where a page of a list ordered by (a timestamptz column, id) DESC ended: the last row's time, to the
 * microsecond PostgreSQL keeps (a JavaScript Date would round it to the millisecond and skip rows
 * written in the same millisecond), and its id, which breaks ties. Pages read
 * `WHERE (column, id) < (CAST(:at AS timestamptz), CAST(:id AS uuid))`.
 */
export interface KeysetCursor {
  /** ISO 8601 in UTC with six decimals, as `keysetTimeText` selects it. */
  at: string;
  id: string;
}

/** SQL that selects a timestamptz column as `KeysetCursor.at` text. */
export const keysetTimeText = (column: string) =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The opaque `nextCursor` clients send back: base64url of `<at> <id>`. */
export function encodeKeysetCursor({ at, id }: KeysetCursor): string {
  return Buffer.from(`${at} ${id}`).toString('base64url');
}

/** The cursor `text` encodes, or null when it is not one `encodeKeysetCursor` made (a 400 for the route). */
export function decodeKeysetCursor(text: string): KeysetCursor | null {
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(text)) return null;
  const [at = '', id = '', ...rest] = Buffer.from(text, 'base64url').toString('latin1').split(' ');
  return rest.length === 0 && isInstant(at) && UUID.test(id) ? { at, id } : null;
}

/** A real instant since 1970 (so no "February 30" or year 0 reaches PostgreSQL as a 500). */
function isInstant(text: string): boolean {
  if (!AT.test(text)) return false;
  const time = Date.parse(text);
  return time >= 0 && new Date(time).toISOString().slice(0, 23) === text.slice(0, 23);
}

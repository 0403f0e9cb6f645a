/**
 * Where a page of the staff queue ended: the last ticket's created_at, to the microsecond PostgreSQL
 * keeps (a JavaScript Date would round it to the millisecond and skip tickets opened in the same
 * millisecond), and its id, which breaks ties.
 */
export type TicketCursor = {
  /** ISO 8601 in UTC with six decimals, as `createdAtText` selects it. */
  createdAt: string;
  id: string;
};

/** SQL that selects created_at as `TicketCursor.createdAt` text. */
export const createdAtText = (column: string) =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const CREATED_AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The opaque `nextCursor` clients send back: base64url of `<createdAt> <id>`. */
export function encodeTicketCursor({ createdAt, id }: TicketCursor): string {
  return Buffer.from(`${createdAt} ${id}`).toString('base64url');
}

/** The cursor `text` encodes, or null when it is not one this service made. */
export function decodeTicketCursor(text: string): TicketCursor | null {
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(text)) return null;
  const [createdAt = '', id = '', ...rest] = Buffer.from(text, 'base64url').toString('latin1').split(' ');
  const valid = rest.length === 0 && isTimestamp(createdAt) && UUID.test(id);
  return valid ? { createdAt, id } : null;
}

/** A real instant since 1970 (so no "February 30" or year 0 reaches PostgreSQL as a 500). */
function isTimestamp(text: string): boolean {
  if (!CREATED_AT.test(text)) return false;
  const time = Date.parse(text);
  return time >= 0 && new Date(time).toISOString().slice(0, 23) === text.slice(0, 23);
}

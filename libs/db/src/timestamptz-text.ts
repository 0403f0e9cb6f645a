/** A timestamptz as PostgreSQL writes it (DateStyle ISO): date, time, up to six decimals, offset. */
const TIMESTAMPTZ = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?([+-]\d{2})(?::(\d{2}))?(?::(\d{2}))?$/;

/** `YYYY-MM-DDTHH:MM:SS` in UTC and the decimals (0 to 6 digits) of the time `text` names. */
function utcParts(text: string): [string, string] {
  const match = TIMESTAMPTZ.exec(text);
  if (!match) throw new Error(`Not a timestamptz as PostgreSQL writes it: ${text}`);
  const [, date, time, decimals = '', hours, minutes = '00', seconds = '00'] = match;
  if (hours === '+00' && minutes === '00' && seconds === '00') return [`${date}T${time}`, decimals];
  // Another session time zone: move the whole seconds to UTC; an offset never changes the decimals.
  const sign = hours.startsWith('-') ? -1 : 1;
  const offsetSeconds = sign * (Math.abs(Number(hours)) * 3600 + Number(minutes) * 60 + Number(seconds));
  const utc = new Date(Date.parse(`${date}T${time}Z`) - offsetSeconds * 1000);
  return [utc.toISOString().slice(0, 19), decimals];
}

/** A timestamptz PostgreSQL wrote, as `Date#toISOString` writes it (milliseconds), with no Date made. */
export function isoTime(text: string): string {
  const [seconds, decimals] = utcParts(text);
  return `${seconds}.${decimals.padEnd(3, '0').slice(0, 3)}Z`;
}

/** A timestamptz PostgreSQL wrote, as a `KeysetCursor.at` (microseconds, as `keysetTimeText` selects it). */
export function keysetTime(text: string): string {
  const [seconds, decimals] = utcParts(text);
  return `${seconds}.${decimals.padEnd(6, '0')}Z`;
}

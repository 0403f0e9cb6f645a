/**
 * A calendar invitation (iCalendar, RFC 5545, with the iTIP methods of RFC 5546) for one call: the
 * booking's `METHOD:REQUEST`, a rescheduled call's new `SEQUENCE` under the same `UID`, and its
 * `METHOD:CANCEL`. Lines end in CRLF and are folded at 75 octets; text values are escaped.
 */
export interface CalendarInvite {
  method: 'REQUEST' | 'CANCEL';
  uid: string;
  sequence: number;
  startsAt: string;
  endsAt: string;
  stampedAt: string;
  summary: string;
  description: string;
  organizer: { name: string; email: string };
  attendee: { name: string; email: string };
  /** The page to manage the call, as the event's URL. */
  url: string;
}

export const CALENDAR_PRODUCT_ID = '-//Millstone CX//Booking//EN';

/** An instant as an iCalendar UTC DATE-TIME: 20261201T150000Z. */
export function icsDateTime(iso: string): string {
  return new Date(iso)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** A TEXT value (RFC 5545 3.3.11): backslash, semicolon and comma escaped, line breaks as \n. */
export function escapeIcsText(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n')
    .replace(/\p{Cc}/gu, ' ');
}

/** A parameter value (such as CN) always quoted; a quoted value cannot hold DQUOTE or controls. */
const quotedParameter = (value: string) => `"${value.replace(/["\p{Cc}]/gu, ' ').trim()}"`;

/**
 * A content line folded (RFC 5545 3.1): no line longer than 75 octets of UTF-8, each continuation
 * starting with one space, and never inside a character.
 */
export function foldIcsLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const character of line) {
    const size = Buffer.byteLength(character, 'utf8');
    // The first line holds 75 octets; a continuation 74 besides its leading space.
    const room = parts.length === 0 ? 75 : 74;
    if (octets + size > room) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += character;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** The invitation as an .ics file's text. */
export function calendarInvite(invite: CalendarInvite): string {
  const cancelled = invite.method === 'CANCEL';
  const lines = [
    'BEGIN:VCALENDAR',
    `PRODID:${CALENDAR_PRODUCT_ID}`,
    'VERSION:2.0',
    'CALSCALE:GREGORIAN',
    `METHOD:${invite.method}`,
    'BEGIN:VEVENT',
    `UID:${invite.uid}`,
    `SEQUENCE:${invite.sequence}`,
    `DTSTAMP:${icsDateTime(invite.stampedAt)}`,
    `DTSTART:${icsDateTime(invite.startsAt)}`,
    `DTEND:${icsDateTime(invite.endsAt)}`,
    `SUMMARY:${escapeIcsText(invite.summary)}`,
    `DESCRIPTION:${escapeIcsText(invite.description)}`,
    `URL:${invite.url}`,
    `STATUS:${cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
    'TRANSP:OPAQUE',
    `ORGANIZER;CN=${quotedParameter(invite.organizer.name)}:mailto:${invite.organizer.email}`,
    // The visitor chose the time, so a booked call is accepted already: no reply is asked for.
    `ATTENDEE;CN=${quotedParameter(invite.attendee.name)};ROLE=REQ-PARTICIPANT${
      cancelled ? '' : ';PARTSTAT=ACCEPTED'
    };RSVP=FALSE:mailto:${invite.attendee.email}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldIcsLine).join('\r\n')}\r\n`;
}

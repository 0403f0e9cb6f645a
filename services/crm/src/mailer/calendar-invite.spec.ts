import { type MailContent, mailContentSchema } from '@portal/contracts';
import { calendarInvite, escapeIcsText, foldIcsLine, icsDateTime } from './calendar-invite';
import { renderMail } from './mail-templates';

const link = 'https://portal.example.com/booking/Zm9vYmFyYmF6cXV4cXV1eGNvcmdlZ3JhdWx0Z2FycGx5';

const booking = (overrides: Partial<Extract<MailContent, { template: 'call-booking' }>> = {}) =>
  mailContentSchema.parse({
    template: 'call-booking',
    name: 'Ada Lovelace',
    audience: 'visitor',
    change: 'booked',
    uid: 'booking-5b0e4c1e-6f1f-4b8e-9a37-2f5d0b1c9e11@portal.example.com',
    sequence: 0,
    startsAt: '2026-12-01T15:00:00.000Z',
    endsAt: '2026-12-01T15:45:00.000Z',
    previousStartsAt: null,
    stampedAt: '2026-11-27T10:00:00.000Z',
    organizer: { name: 'Millstone CX', email: 'hello@millstonecx.com' },
    attendee: { name: 'Ada Lovelace', email: 'ada@example.com' },
    company: 'Analytical Engines, Ltd; London',
    phone: '+44 20 7946 0000',
    note: 'Line one\nLine two with a \\ backslash',
    link,
    ...overrides,
  });

/** The .ics of a rendered mail, unfolded (RFC 5545 3.1), as lines. */
const unfoldedLines = (ics: string) => ics.replace(/\r\n /g, '').split('\r\n');

describe('calendar invitations (RFC 5545)', () => {
  it('writes instants in UTC', () => {
    expect(icsDateTime('2026-12-01T10:00:00-05:00')).toBe('20261201T150000Z');
  });

  it('escapes backslashes, semicolons, commas and line breaks in text', () => {
    expect(escapeIcsText('a\\b;c,d\ne\r\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
  });

  it('folds lines at 75 octets, never inside a character, each continuation led by one space', () => {
    const line = `DESCRIPTION:${'é'.repeat(100)}`;
    const folded = foldIcsLine(line);
    const parts = folded.split('\r\n');
    expect(parts.length).toBeGreaterThan(2);
    for (const [index, part] of parts.entries()) {
      expect(Buffer.byteLength(part, 'utf8')).toBeLessThanOrEqual(75);
      if (index > 0) expect(part.startsWith(' ')).toBe(true);
      expect(part).not.toContain('\uFFFD');
    }
    expect(folded.replace(/\r\n /g, '')).toBe(line);
    expect(foldIcsLine('SHORT:line')).toBe('SHORT:line');
  });

  it('attaches a REQUEST to the booking mail: UID, SEQUENCE, times in UTC, organizer and attendee', () => {
    const mail = renderMail(booking());
    expect(mail.attachments).toHaveLength(1);
    const [invite] = mail.attachments!;
    expect(invite).toMatchObject({
      filename: 'invite.ics',
      contentType: 'text/calendar; charset=utf-8; method=REQUEST',
    });
    expect(invite.content.endsWith('\r\n')).toBe(true);
    expect(invite.content.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    expect(invite.content.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const lines = unfoldedLines(invite.content);
    expect(lines.slice(0, 6)).toEqual([
      'BEGIN:VCALENDAR',
      'PRODID:-//Millstone CX//Booking//EN',
      'VERSION:2.0',
      'CALSCALE:GREGORIAN',
      'METHOD:REQUEST',
      'BEGIN:VEVENT',
    ]);
    expect(lines).toEqual(
      expect.arrayContaining([
        'UID:booking-5b0e4c1e-6f1f-4b8e-9a37-2f5d0b1c9e11@portal.example.com',
        'SEQUENCE:0',
        'DTSTAMP:20261127T100000Z',
        'DTSTART:20261201T150000Z',
        'DTEND:20261201T154500Z',
        'STATUS:CONFIRMED',
        'SUMMARY:Discovery call with Millstone CX',
        `URL:${link}`,
        'ORGANIZER;CN="Millstone CX":mailto:hello@millstonecx.com',
        'ATTENDEE;CN="Ada Lovelace";ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;RSVP=FALSE:mailto:ada@example.com',
        'END:VEVENT',
        'END:VCALENDAR',
        '',
      ]),
    );
    const description = lines.find((line) => line.startsWith('DESCRIPTION:'));
    expect(description).toContain('Company: Analytical Engines\\, Ltd\\; London\\n');
    expect(description).toContain('Note: Line one\\nLine two with a \\\\ backslash');
  });

  it('moves a rescheduled call under the same UID with the next SEQUENCE, and cancels with METHOD:CANCEL', () => {
    const moved = unfoldedLines(
      renderMail(
        booking({ change: 'rescheduled', sequence: 1, previousStartsAt: '2026-11-30T15:00:00.000Z' }),
      ).attachments![0].content,
    );
    expect(moved).toEqual(expect.arrayContaining(['METHOD:REQUEST', 'SEQUENCE:1']));
    const cancelMail = renderMail(booking({ change: 'cancelled', sequence: 2 }));
    const [cancel] = cancelMail.attachments!;
    expect(cancel.contentType).toBe('text/calendar; charset=utf-8; method=CANCEL');
    expect(unfoldedLines(cancel.content)).toEqual(
      expect.arrayContaining([
        'METHOD:CANCEL',
        'SEQUENCE:2',
        'STATUS:CANCELLED',
        'UID:booking-5b0e4c1e-6f1f-4b8e-9a37-2f5d0b1c9e11@portal.example.com',
      ]),
    );
    expect(cancelMail.subject).toBe(
      'Your call with Millstone CX on Tuesday, December 1, 2026, 10:00 AM – 10:45 AM EST is cancelled',
    );
  });

  it('keeps a quote or a line break in a name out of the parameter it is quoted in', () => {
    const ics = calendarInvite({
      method: 'REQUEST',
      uid: 'u@example.com',
      sequence: 0,
      startsAt: '2026-12-01T15:00:00Z',
      endsAt: '2026-12-01T15:30:00Z',
      stampedAt: '2026-12-01T15:00:00Z',
      summary: 'Call',
      description: '',
      organizer: { name: 'Millstone CX', email: 'hello@millstonecx.com' },
      attendee: { name: 'Eve "x":mailto:evil@example.com\r\nATTENDEE:mailto:y', email: 'eve@example.com' },
      url: link,
    });
    const lines = unfoldedLines(ics);
    expect(lines.filter((line) => line.startsWith('ATTENDEE'))).toEqual([
      'ATTENDEE;CN="Eve  x :mailto:evil@example.com  ATTENDEE:mailto:y";ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;RSVP=FALSE:mailto:eve@example.com',
    ]);
  });

  it('tells staff who booked, with the manage link, and the visitor when and how to change it', () => {
    const staff = renderMail(booking({ audience: 'staff', name: '' }));
    expect(staff.subject).toBe(
      'New call booked: Ada Lovelace, Tuesday, December 1, 2026, 10:00 AM – 10:45 AM EST (Millstone CX)',
    );
    expect(staff.text).toContain('Who: Ada Lovelace <ada@example.com>');
    expect(staff.text).toContain('Phone: +44 20 7946 0000');
    expect(staff.text).toContain(`Manage the booking:\n${link}`);
    const visitor = renderMail(booking());
    expect(visitor.text).toContain(
      'Your discovery call with Millstone CX is booked for Tuesday, December 1, 2026, 10:00 AM – 10:45 AM EST.',
    );
    expect(visitor.text).toContain(`Cancel or reschedule:\n${link}`);
  });
});

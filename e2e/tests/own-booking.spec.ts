import { expect, test, type APIRequestContext, type Browser } from '@playwright/test';
import { baseURL } from '../playwright.config';
import { ok } from '../support/api';
import { uniqueEmail } from '../support/customer';
import { type CaughtMail, extractLink, mailCatcherUrl, mailTo } from '../support/mail';
import { staffAccount } from '../support/staff-account.mjs';

// Issue 24: booking without a third-party scheduler (ADR 0232). The e2e stack configures no
// SCHEDULER_URL, so the contact page offers the company's own open times: staff add them on the
// console's Availability page, a visitor books one, both the visitor and the staff inbox get the
// invitation (.ics) in the mail catcher, and the visitor reschedules and cancels from the mail's link.

/** crm's BOOKING_INBOX in the e2e stack: the company's address. */
const STAFF_INBOX = 'hello@millstonecx.com';
const TIME_ZONE = 'UTC';

async function staffToken(request: APIRequestContext): Promise<string> {
  const { token } = await ok<{ token: string }>(
    'staff sign-in',
    request.post('/api/auth/login', { data: { email: staffAccount.email, password: staffAccount.password } }),
  );
  return token;
}

async function newPage(browser: Browser, token?: string) {
  const context = await browser.newContext({
    baseURL,
    timezoneId: TIME_ZONE,
    viewport: { width: 1280, height: 900 },
    storageState: token
      ? { cookies: [], origins: [{ origin: baseURL, localStorage: [{ name: 'token', value: token }] }] }
      : undefined,
  });
  return context.newPage();
}

/** A mail's one attachment as the catcher serves it (the list of mails carries no attachment details). */
async function attachment(mail: CaughtMail): Promise<{ contentType: string; text: string }> {
  const api = `${mailCatcherUrl.replace(/\/$/, '')}/api/email/${mail.id}`;
  const full = (await (await fetch(api)).json()) as {
    attachments?: { generatedFileName: string; contentType: string }[];
  };
  const [file] = full.attachments ?? [];
  expect(file, `an attachment on "${mail.subject}"`).toBeDefined();
  const response = await fetch(`${api}/attachment/${encodeURIComponent(file.generatedFileName)}`);
  expect(response.ok).toBe(true);
  return { contentType: file.contentType, text: await response.text() };
}

/** Checks an .ics as RFC 5545 has it (CRLF, folded lines) and answers its unfolded lines. */
function icsLines(ics: string): string[] {
  expect(ics.endsWith('\r\n')).toBe(true);
  expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
  return ics.replace(/\r\n[ \t]/g, '').split('\r\n');
}

const icsTime = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
const dayLabel = (date: Date) =>
  new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    timeZone: TIME_ZONE,
  }).format(date);
const timeLabel = (date: Date) =>
  new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: TIME_ZONE }).format(date);
/** The slot button's name on the booking pages. */
const slotButton = (date: Date, minutes: number) =>
  `${dayLabel(date)}, ${timeLabel(date)} (${minutes} minutes)`;

test.describe('booking without a third-party scheduler', () => {
  test.describe.configure({ timeout: 180_000 });

  // Two slots of this run, months ahead at a time of their own (slots may not overlap).
  const offsetMinutes = 5 * Math.floor((Date.now() / 60_000) % 10_000);
  const first = new Date(
    Math.ceil((Date.now() + 120 * 86_400_000) / 3_600_000) * 3_600_000 + offsetMinutes * 60_000,
  );
  const second = new Date(first.getTime() + 2 * 3_600_000);

  test.afterAll(async ({ request }) => {
    // Leave no open time behind: the other suites expect the contact page's empty state.
    const token = await staffToken(request);
    const { slots } = await ok<{ slots: { id: string; startsAt: string }[] }>(
      'slots',
      request.get('/api/crm/staff/availability', { headers: { Authorization: `Bearer ${token}` } }),
    );
    for (const slot of slots.filter((each) =>
      [first, second].some((at) => at.toISOString() === each.startsAt),
    )) {
      await request.delete(`/api/crm/staff/availability/${slot.id}`, {
        headers: { Authorization: `Bearer ${token}` },
      });
    }
  });

  test('staff add times; a visitor books, gets the invitation, reschedules and cancels from the mail', async ({
    browser,
    request,
  }) => {
    const token = await staffToken(request);
    const staff = await newPage(browser, token);

    // Staff add two 30-minute slots on the console's Availability page.
    await staff.goto('/staff/availability');
    await expect(staff.getByRole('link', { name: 'Availability' })).toHaveAttribute('aria-current', 'page');
    const form = staff.getByRole('form', { name: 'Add slot' });
    await expect(form).toContainText(`Times are in your time zone, ${TIME_ZONE}.`);
    for (const at of [first, second]) {
      await form.getByLabel('Day').fill(at.toISOString().slice(0, 10));
      await form.getByLabel('Start time').fill(at.toISOString().slice(11, 16));
      await form.getByRole('button', { name: 'Add slot' }).click();
      await expect(staff.getByText('Slot added')).toBeVisible();
    }
    const slotsTable = staff.getByRole('table', { name: 'Slots' });
    await expect(slotsTable.getByRole('button', { name: /^Remove the slot / })).not.toHaveCount(0);

    // A visitor books the first one from the contact page.
    const visitor = await newPage(browser);
    const name = `Ada Booking ${Date.now()}`;
    const email = uniqueEmail('booking');
    await visitor.goto('/contact');
    const booking = visitor.getByRole('form', { name: 'Book a call' });
    await booking.getByRole('button', { name: slotButton(first, 30) }).click();
    await expect(booking.getByRole('button', { name: slotButton(first, 30) })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await booking.getByLabel('Name').fill(name);
    await booking.getByLabel('Email').fill(email);
    await booking.getByLabel('Company (optional)').fill('Analytical Engines, Ltd');
    await booking.getByRole('button', { name: 'Book call' }).click();
    await expect(visitor.getByText('Your call is booked')).toBeVisible();
    await expect(
      visitor.getByText(`We sent the calendar invitation to ${email}.`, { exact: false }),
    ).toBeVisible();

    // Both sides get the invitation, with the same event and the manage link.
    const toVisitor = await mailTo(email, { subject: /is booked/, timeoutMs: 30_000 });
    const toStaff = await mailTo(STAFF_INBOX, {
      subject: new RegExp(`New call booked: ${name}`),
      timeoutMs: 30_000,
    });
    const invites = await Promise.all([toVisitor, toStaff].map(attachment));
    const uids = new Set<string>();
    for (const invite of invites) {
      expect(invite.contentType).toMatch(/^text\/calendar/);
      const lines = icsLines(invite.text);
      expect(lines).toEqual(
        expect.arrayContaining([
          'BEGIN:VCALENDAR',
          'VERSION:2.0',
          'METHOD:REQUEST',
          'SEQUENCE:0',
          `DTSTART:${icsTime(first)}`,
          `DTEND:${icsTime(new Date(first.getTime() + 30 * 60_000))}`,
          `ORGANIZER;CN="Millstone CX":mailto:${STAFF_INBOX}`,
          'END:VCALENDAR',
        ]),
      );
      expect(lines.find((line) => line.startsWith('ATTENDEE'))).toMatch(new RegExp(`:mailto:${email}$`, 'i'));
      uids.add(lines.find((line) => line.startsWith('UID:'))!);
    }
    expect(uids.size).toBe(1);
    const manageLink = extractLink(toVisitor, '/booking/');
    expect(extractLink(toStaff, '/booking/')).toBe(manageLink);

    // The console lists the booking beside the slot it took.
    await staff.reload();
    const bookingRow = staff
      .getByRole('table', { name: 'Bookings' })
      .getByRole('row')
      .filter({ hasText: name });
    await expect(bookingRow).toContainText('Confirmed');
    await expect(bookingRow).toContainText(email);
    await expect(
      staff.getByRole('table', { name: 'Slots' }).getByRole('row').filter({ hasText: name }),
    ).toContainText('Booked');

    // The visitor moves the call to the second slot from the mail's link.
    await visitor.goto(new URL(manageLink).pathname);
    await expect(visitor.getByText(`Discovery call for ${name} (${email})`)).toBeVisible();
    await visitor.getByRole('button', { name: 'Reschedule' }).click();
    await visitor.getByRole('button', { name: slotButton(second, 30) }).click();
    await visitor.getByRole('button', { name: 'Move my call' }).click();
    await expect(visitor.getByText(/Your call is moved/)).toBeVisible();
    const moved = await mailTo(email, { subject: /was moved to/, timeoutMs: 30_000 });
    const movedLines = icsLines((await attachment(moved)).text);
    expect(movedLines).toEqual(
      expect.arrayContaining(['METHOD:REQUEST', 'SEQUENCE:1', `DTSTART:${icsTime(second)}`, [...uids][0]]),
    );
    await mailTo(STAFF_INBOX, { subject: new RegExp(`Call moved: ${name}`), timeoutMs: 30_000 });

    // … and cancels it.
    await visitor.getByRole('button', { name: 'Cancel call' }).click();
    await visitor.getByRole('button', { name: 'Yes, cancel' }).click();
    await expect(visitor.getByText(/Your call is cancelled/)).toBeVisible();
    const cancelled = await mailTo(email, { subject: /is cancelled/, timeoutMs: 30_000 });
    const cancel = await attachment(cancelled);
    expect(cancel.contentType).toMatch(/^text\/calendar/);
    expect(icsLines(cancel.text)).toEqual(
      expect.arrayContaining(['METHOD:CANCEL', 'SEQUENCE:2', 'STATUS:CANCELLED', [...uids][0]]),
    );
    await mailTo(STAFF_INBOX, { subject: new RegExp(`Call cancelled: ${name}`), timeoutMs: 30_000 });

    // The console shows it cancelled, and no slot is booked by the visitor any more.
    await staff.reload();
    await expect(
      staff.getByRole('table', { name: 'Bookings' }).getByRole('row').filter({ hasText: name }),
    ).toContainText('Cancelled');
    await expect(
      staff.getByRole('table', { name: 'Slots' }).getByRole('row').filter({ hasText: name }),
    ).toHaveCount(0);
  });
});

import {
  bookingMessages,
  bookingResponseSchema,
  type MailRequestedData,
  openSlotsResponseSchema,
  staffBookingsResponseSchema,
  staffSlotSchema,
  staffLeadListResponseSchema,
  staffSlotsResponseSchema,
  subjects,
} from '@portal/contracts';
import {
  fromNewClientAddress,
  request,
  type SignedInUser,
  startForSuite,
  uniqueEmail,
} from '@portal/testing';
import { LAST_NAME_NOT_GIVEN } from '../contact/record-lead';
import { DEFAULT_BOOKING_INBOX } from '../config';
import { startCrm, testSiteUrl } from '../test/crm-harness';

type BookingMail = Extract<MailRequestedData['content'], { template: 'call-booking' }>;

const HOUR_MS = 60 * 60 * 1000;

describe('the company’s own booking: /api/crm/booking and /api/crm/staff/availability', () => {
  const crm = startForSuite(() => startCrm({ limits: { contactPerEmailPer10Minutes: 3 } }));
  let staff: SignedInUser;
  let customer: SignedInUser;
  // Every test publishes its slots at hours of its own: slots may not overlap.
  const firstHour = Math.ceil(Date.now() / HOUR_MS) * HOUR_MS + 48 * HOUR_MS;
  let nextHour = 0;
  const freeHour = () => new Date(firstHour + HOUR_MS * nextHour++).toISOString();

  const call = <T = Record<string, unknown>>(
    method: string,
    path: string,
    options: { who?: SignedInUser; body?: unknown; headers?: Record<string, string> } = {},
  ) => request<T>(crm().baseUrl, method, path, { token: options.who?.token, ...options });

  const addSlot = async (durationMinutes = 30, startsAt = freeHour()) => {
    const response = await call('POST', '/api/crm/staff/availability', {
      who: staff,
      body: { startsAt, durationMinutes },
    });
    expect(response.status).toBe(201);
    return staffSlotSchema.parse(response.body);
  };
  const visitor = (overrides: Record<string, unknown> = {}) => ({
    name: 'Ada Lovelace',
    email: uniqueEmail('ada'),
    company: 'Analytical Engines',
    phone: '+1 (201) 555-0100',
    note: 'About 2,000 calls a day; we use Zendesk.',
    ...overrides,
  });
  const book = (slotId: string, overrides: Record<string, unknown> = {}) =>
    call('POST', '/api/crm/booking', {
      body: { slotId, ...visitor(overrides) },
      headers: fromNewClientAddress(),
    });
  const openSlotIds = async () => {
    const response = await call('GET', '/api/crm/booking/slots');
    expect(response.status).toBe(200);
    return openSlotsResponseSchema.parse(response.body).slots.map((slot) => slot.id);
  };
  /** The booking mails requested for this visitor's address (and the inbox's copies of them), oldest first. */
  const mailsAbout = async (email: string) => {
    const rows: { data: MailRequestedData }[] = await crm().dataSource.query(
      `SELECT data FROM outbox WHERE subject = $1 AND data->'content'->>'template' = 'call-booking'
         AND data->'content'->'attendee'->>'email' = $2 ORDER BY seq`,
      [subjects.mailRequested, email],
    );
    return rows.map(({ data }) => ({ to: data.to, content: data.content as BookingMail }));
  };
  const tokenIn = (link: string) => {
    const match = new RegExp(`^${testSiteUrl}/booking/([A-Za-z0-9_-]+)$`).exec(link);
    expect(match).not.toBeNull();
    return match![1];
  };
  const bookAndGetToken = async (slotId: string) => {
    const details = visitor();
    const response = await book(slotId, details);
    expect(response.status).toBe(201);
    const [mail] = await mailsAbout(details.email);
    return { email: details.email, token: tokenIn(mail.content.link) };
  };

  beforeAll(async () => {
    [staff, customer] = await Promise.all([crm().signIn('admin'), crm().signIn()]);
  });

  it('lists a slot staff publish; booking it confirms, closes it and sends the invitation to both sides', async () => {
    const slot = await addSlot(45);
    expect(slot).toMatchObject({ durationMinutes: 45, booking: null });
    expect(new Date(slot.endsAt).getTime() - new Date(slot.startsAt).getTime()).toBe(45 * 60_000);
    expect(await openSlotIds()).toContain(slot.id);

    const details = visitor();
    const response = await book(slot.id, details);
    expect(response.status).toBe(201);
    expect(bookingResponseSchema.parse(response.body)).toEqual({
      booking: {
        status: 'confirmed',
        name: 'Ada Lovelace',
        email: details.email,
        startsAt: slot.startsAt,
        endsAt: slot.endsAt,
      },
    });
    expect(await openSlotIds()).not.toContain(slot.id);

    const mails = await mailsAbout(details.email);
    expect(mails.map((mail) => [mail.to, mail.content.audience])).toEqual([
      [details.email, 'visitor'],
      [DEFAULT_BOOKING_INBOX, 'staff'],
    ]);
    for (const { content } of mails) {
      expect(content).toMatchObject({
        change: 'booked',
        sequence: 0,
        startsAt: slot.startsAt,
        endsAt: slot.endsAt,
        previousStartsAt: null,
        organizer: { name: 'Millstone CX', email: DEFAULT_BOOKING_INBOX },
        attendee: { name: 'Ada Lovelace', email: details.email },
        company: 'Analytical Engines',
        phone: '+1 (201) 555-0100',
        note: details.note,
        uid: expect.stringMatching(/^booking-[0-9a-f-]{36}@portal\.example\.com$/),
      });
    }
    // One manage link for both, carrying a token of 256 random bits.
    expect(mails[0].content.link).toBe(mails[1].content.link);
    expect(tokenIn(mails[0].content.link)).toHaveLength(43);

    const slots = staffSlotsResponseSchema.parse(
      (await call('GET', '/api/crm/staff/availability', { who: staff })).body,
    );
    expect(slots.slots.find((each) => each.id === slot.id)?.booking).toEqual({
      id: expect.any(String),
      name: 'Ada Lovelace',
      email: details.email,
    });
    const bookings = staffBookingsResponseSchema.parse(
      (await call('GET', '/api/crm/staff/bookings', { who: staff })).body,
    );
    expect(bookings.bookings.find((each) => each.email === details.email)).toMatchObject({
      status: 'confirmed',
      name: 'Ada Lovelace',
      company: 'Analytical Engines',
      phone: '+1 (201) 555-0100',
      note: details.note,
      startsAt: slot.startsAt,
      cancelledAt: null,
    });

    // Sales get the booked call as a lead, with when it is and what the visitor wrote.
    const leads = staffLeadListResponseSchema.parse(
      (await call('GET', `/api/crm/staff/leads?q=${encodeURIComponent(details.email)}`, { who: staff })).body,
    ).leads;
    expect(leads).toHaveLength(1);
    expect(leads[0]).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: details.email,
      company: 'Analytical Engines',
      status: 'new',
    });
    expect(leads[0].message).toMatch(
      /^Booked a discovery call: \w+day, \w+ \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M – \d{1,2}:\d{2} [AP]M E[SD]T\.\nPhone: \+1 \(201\) 555-0100\nNote: About 2,000 calls a day; we use Zendesk\.$/,
    );
    const [{ count }] = await crm().dataSource.query(
      `SELECT count(*)::int AS count FROM outbox WHERE subject = $1 AND data->>'email' = $2`,
      [subjects.leadCreated, details.email],
    );
    expect(count).toBe(1);
  });

  it('books for a visitor who gives one name, in any script: the lead says the last name was not given', async () => {
    for (const name of ['Cher', '王小明', '%']) {
      const details = visitor();
      const response = await book((await addSlot()).id, { ...details, name });
      expect(response.status).toBe(201);
      const leads = staffLeadListResponseSchema.parse(
        (await call('GET', `/api/crm/staff/leads?q=${encodeURIComponent(details.email)}`, { who: staff }))
          .body,
      ).leads;
      expect(leads).toMatchObject([{ firstName: name, lastName: LAST_NAME_NOT_GIVEN, email: details.email }]);
    }
  });

  it('lets exactly one of many visitors racing for a slot book it: the others get 409', async () => {
    const slot = await addSlot();
    const answers = await Promise.all(Array.from({ length: 8 }, () => book(slot.id)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    for (const answer of answers.filter((each) => each.status === 409)) {
      expect(answer.body).toEqual({ statusCode: 409, message: bookingMessages.slotTaken });
    }
    const [{ count }] = await crm().dataSource.query(
      `SELECT count(*)::int AS count FROM call_bookings WHERE slot_id = $1 AND status = 'confirmed'`,
      [slot.id],
    );
    expect(count).toBe(1);
    // The database itself refuses a second confirmed booking of the slot, whatever the code does.
    await expect(
      crm().dataSource.query(
        `INSERT INTO call_bookings (slot_id, status, starts_at, ends_at, name, email, token_hash)
         SELECT id, 'confirmed', starts_at, ends_at, 'X', 'x@example.com', '\\x01' FROM booking_slots WHERE id = $1`,
        [slot.id],
      ),
    ).rejects.toThrow(/call_bookings_one_per_slot/);
  });

  it('opens the booking only with its token, which is stored as a hash and not guessable', async () => {
    const slot = await addSlot();
    const { email, token } = await bookAndGetToken(slot.id);
    const found = await call('GET', `/api/crm/booking/manage/${token}`);
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({ booking: { status: 'confirmed', email, startsAt: slot.startsAt } });

    const [row] = await crm().dataSource.query('SELECT * FROM call_bookings WHERE email = $1', [email]);
    expect(JSON.stringify(row)).not.toContain(token);
    const flipped = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const wrong of [flipped, 'short', `${token}x`]) {
      const response = await call('GET', `/api/crm/booking/manage/${wrong}`);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ statusCode: 404, message: bookingMessages.bookingNotFound });
      expect((await call('POST', `/api/crm/booking/manage/${wrong}/cancel`)).status).toBe(404);
    }
  });

  it('reschedules to another open slot: same invitation, next sequence, the old slot open again', async () => {
    const [first, second, taken] = [await addSlot(), await addSlot(60), await addSlot()];
    await bookAndGetToken(taken.id);
    const { email, token } = await bookAndGetToken(first.id);

    const refused = await call('POST', `/api/crm/booking/manage/${token}/reschedule`, {
      body: { slotId: taken.id },
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ statusCode: 409, message: bookingMessages.slotTaken });

    const moved = await call('POST', `/api/crm/booking/manage/${token}/reschedule`, {
      body: { slotId: second.id },
    });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({
      booking: { status: 'confirmed', startsAt: second.startsAt, endsAt: second.endsAt },
    });
    const open = await openSlotIds();
    expect(open).toContain(first.id);
    expect(open).not.toContain(second.id);

    const mails = await mailsAbout(email);
    expect(mails).toHaveLength(4);
    const [booked, , rescheduled, staffCopy] = mails;
    expect(rescheduled.content).toMatchObject({
      audience: 'visitor',
      change: 'rescheduled',
      uid: booked.content.uid,
      sequence: 1,
      startsAt: second.startsAt,
      previousStartsAt: first.startsAt,
      link: booked.content.link,
    });
    expect(staffCopy).toMatchObject({
      to: DEFAULT_BOOKING_INBOX,
      content: { change: 'rescheduled', sequence: 1 },
    });

    const bad = await call('POST', `/api/crm/booking/manage/${token}/reschedule`, {
      body: { slotId: 'nope' },
    });
    expect(bad.body).toEqual({ statusCode: 400, message: bookingMessages.slotIdInvalid });
  });

  it('cancels once, with a cancellation to both sides; the slot opens again and the call cannot be moved', async () => {
    const slot = await addSlot();
    const { email, token } = await bookAndGetToken(slot.id);
    const cancelled = await call('POST', `/api/crm/booking/manage/${token}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ booking: { status: 'cancelled', startsAt: slot.startsAt } });
    expect(await openSlotIds()).toContain(slot.id);

    const again = await call('POST', `/api/crm/booking/manage/${token}/cancel`);
    expect(again.status).toBe(200);
    const mails = await mailsAbout(email);
    expect(mails.map((mail) => [mail.content.audience, mail.content.change, mail.content.sequence])).toEqual([
      ['visitor', 'booked', 0],
      ['staff', 'booked', 0],
      ['visitor', 'cancelled', 1],
      ['staff', 'cancelled', 1],
    ]);

    const move = await call('POST', `/api/crm/booking/manage/${token}/reschedule`, {
      body: { slotId: slot.id },
    });
    expect(move.body).toEqual({ statusCode: 409, message: bookingMessages.bookingCancelled });
    const bookings = staffBookingsResponseSchema.parse(
      (await call('GET', '/api/crm/staff/bookings', { who: staff })).body,
    );
    expect(bookings.bookings.find((each) => each.email === email)).toMatchObject({
      status: 'cancelled',
      cancelledAt: expect.any(String),
    });
  });

  it('validates a booking, saying what is wrong, and keeps nothing', async () => {
    const slot = await addSlot();
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '  ' }, bookingMessages.nameRequired],
      [{ email: 'ada@' }, 'Please enter a valid email address'],
      [{ phone: 'call me' }, bookingMessages.phoneInvalid],
      [{ note: 'x'.repeat(2001) }, 'Note must be at most 2000 characters'],
      [{ extra: true }, 'Unrecognized key: "extra"'],
    ];
    for (const [overrides, message] of cases) {
      const response = await book(slot.id, overrides);
      expect(response.body).toEqual({ statusCode: 400, message });
    }
    const unknownSlot = await book('00000000-0000-4000-8000-000000000000');
    expect(unknownSlot.body).toEqual({ statusCode: 409, message: bookingMessages.slotTaken });
    expect(await openSlotIds()).toContain(slot.id);
  });

  it('limits bookings per email address like the contact form (429), and drops a bot’s', async () => {
    const email = uniqueEmail('repeat');
    for (let i = 0; i < 3; i += 1) {
      expect((await book((await addSlot()).id, { email })).status).toBe(201);
    }
    const fourth = await book((await addSlot()).id, { email });
    expect(fourth.status).toBe(429);
    expect(fourth.body).toMatchObject({
      message: expect.stringMatching(/^Too many bookings for this email address/),
    });

    const slot = await addSlot();
    const bot = await book(slot.id, { website: 'https://spam.example' });
    expect(bot.status).toBe(201);
    expect(await openSlotIds()).toContain(slot.id);
  });

  it('lets staff publish only future, non-overlapping slots of 15 to 240 minutes', async () => {
    const startsAt = freeHour();
    await addSlot(60, startsAt);
    const post = (body: unknown) => call('POST', '/api/crm/staff/availability', { who: staff, body });
    const halfway = new Date(new Date(startsAt).getTime() + 30 * 60_000).toISOString();
    expect((await post({ startsAt: halfway, durationMinutes: 30 })).body).toEqual({
      statusCode: 409,
      message: bookingMessages.slotOverlaps,
    });
    expect(
      (await post({ startsAt: new Date(Date.now() - HOUR_MS).toISOString(), durationMinutes: 30 })).body,
    ).toEqual({
      statusCode: 400,
      message: bookingMessages.startsAtPast,
    });
    for (const durationMinutes of [10, 241, 30.5]) {
      expect((await post({ startsAt: freeHour(), durationMinutes })).body).toEqual({
        statusCode: 400,
        message: bookingMessages.durationInvalid,
      });
    }
    expect((await post({ startsAt: 'tomorrow', durationMinutes: 30 })).body).toEqual({
      statusCode: 400,
      message: bookingMessages.startsAtInvalid,
    });
    // A time with its offset is the same instant in UTC.
    const local = new Date(freeHour());
    const withOffset = `${new Date(local.getTime() - 5 * HOUR_MS).toISOString().slice(0, 19)}-05:00`;
    const created = await post({ startsAt: withOffset, durationMinutes: 30 });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ startsAt: local.toISOString() });
  });

  it('removes a free slot but refuses to remove a booked one, which stays bookable by nobody else', async () => {
    const free = await addSlot();
    expect((await call('DELETE', `/api/crm/staff/availability/${free.id}`, { who: staff })).status).toBe(204);
    expect(await openSlotIds()).not.toContain(free.id);
    expect((await call('DELETE', `/api/crm/staff/availability/${free.id}`, { who: staff })).body).toEqual({
      statusCode: 404,
      message: bookingMessages.slotNotFound,
    });

    const booked = await addSlot();
    const { token } = await bookAndGetToken(booked.id);
    const refused = await call('DELETE', `/api/crm/staff/availability/${booked.id}`, { who: staff });
    expect(refused.body).toEqual({ statusCode: 409, message: bookingMessages.slotBooked });
    const slots = staffSlotsResponseSchema.parse(
      (await call('GET', '/api/crm/staff/availability', { who: staff })).body,
    );
    expect(slots.slots.map((slot) => slot.id)).toContain(booked.id);

    // Once the visitor cancels, staff may remove it; the cancelled booking stays listed.
    await call('POST', `/api/crm/booking/manage/${token}/cancel`);
    expect((await call('DELETE', `/api/crm/staff/availability/${booked.id}`, { who: staff })).status).toBe(
      204,
    );
  });

  it('keeps the staff routes for staff: 401 signed out, 403 for a customer', async () => {
    for (const [method, path] of [
      ['GET', '/api/crm/staff/availability'],
      ['POST', '/api/crm/staff/availability'],
      ['DELETE', '/api/crm/staff/availability/00000000-0000-4000-8000-000000000000'],
      ['GET', '/api/crm/staff/bookings'],
    ]) {
      expect((await call(method, path)).status).toBe(401);
      expect(
        (await call(method, path, { who: customer, body: method === 'POST' ? {} : undefined })).status,
      ).toBe(403);
    }
  });
});

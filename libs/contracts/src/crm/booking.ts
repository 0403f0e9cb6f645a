import { z } from 'zod';
import { emailSchema } from '../identity/auth';
import { isStorableText, optionalText, requiredText, unstorableTextMessage } from '../text';

/**
 * The company's own booking (issue 24, ADR 0232), used when no external scheduler is configured:
 * staff publish slots in the staff console, a visitor books one from 'Schedule a Call', both sides
 * get a calendar invitation by email, and the visitor cancels or reschedules from the mail's link.
 */
export const BOOKING_PATH = '/api/crm/booking';
export const STAFF_AVAILABILITY_PATH = '/api/crm/staff/availability';
export const STAFF_BOOKINGS_PATH = '/api/crm/staff/bookings';

/** The visitor's page to cancel or reschedule: `/booking/<token>` (the token is in the mails only). */
export const BOOKING_MANAGE_PAGE = '/booking';
export const bookingManageLink = (siteUrl: string, token: string) =>
  `${siteUrl}${BOOKING_MANAGE_PAGE}/${encodeURIComponent(token)}`;

export const SLOT_MIN_MINUTES = 15;
export const SLOT_MAX_MINUTES = 240;
/** How far ahead a slot may be published. */
export const SLOT_MAX_DAYS_AHEAD = 365;
export const BOOKING_NOTE_MAX_LENGTH = 2000;

export const bookingMessages = {
  startsAtInvalid: 'Start must be a date and time such as 2026-12-01T15:00:00Z',
  startsAtPast: 'Start must be in the future',
  startsAtTooFar: `Start must be within ${SLOT_MAX_DAYS_AHEAD} days`,
  durationInvalid: `Duration must be a whole number of minutes from ${SLOT_MIN_MINUTES} to ${SLOT_MAX_MINUTES}`,
  slotOverlaps: 'This time overlaps another slot',
  slotNotFound: 'Slot not found',
  slotBooked: 'This slot is booked: it stays until the visitor cancels or moves the call',
  slotIdInvalid: 'Choose one of the open times',
  nameRequired: 'Name is required',
  phoneInvalid: 'Please enter a valid phone number',
  slotTaken: 'That time is no longer available. Please choose another one.',
  bookingNotFound: 'Booking not found: the link may be incomplete',
  bookingCancelled: 'This call was cancelled',
  bookingPast: 'This call has already taken place',
} as const;

/** A time the company is free for a call, as a visitor sees it: only open, future slots are listed. */
export const openSlotSchema = z.object({
  id: z.uuid(),
  startsAt: z.iso.datetime(),
  endsAt: z.iso.datetime(),
  durationMinutes: z.number().int(),
});
export type OpenSlot = z.infer<typeof openSlotSchema>;

/** `GET /api/crm/booking/slots`: the open slots from now on, earliest first. */
export const openSlotsResponseSchema = z.object({ slots: z.array(openSlotSchema) });
export type OpenSlotsResponse = z.infer<typeof openSlotsResponseSchema>;

/**
 * `POST /api/crm/booking`: a visitor books an open slot. `website` is a honeypot as on the contact
 * form; unknown fields are rejected.
 */
export const bookCallRequestSchema = z.strictObject({
  slotId: z.uuid({ error: bookingMessages.slotIdInvalid }),
  name: requiredText(bookingMessages.nameRequired, 200),
  email: emailSchema,
  company: optionalText(200, 'Company must be at most 200 characters').transform((text) => text || undefined),
  phone: z
    .string()
    .trim()
    .max(40, bookingMessages.phoneInvalid)
    .refine((phone) => phone === '' || /^\+?[\d\s().-]{7,40}$/.test(phone), bookingMessages.phoneInvalid)
    .optional()
    .transform((phone) => phone || undefined),
  note: z
    .string()
    .trim()
    .max(BOOKING_NOTE_MAX_LENGTH, `Note must be at most ${BOOKING_NOTE_MAX_LENGTH} characters`)
    .refine(isStorableText, unstorableTextMessage)
    .optional()
    .transform((note) => note || undefined),
  website: z.string().optional(),
});
export type BookCallRequest = z.input<typeof bookCallRequestSchema>;

export const bookingStatuses = ['confirmed', 'cancelled'] as const;
export type BookingStatus = (typeof bookingStatuses)[number];

/** A booking as its visitor sees it (the answer to a booking, and the manage page). */
export const publicBookingSchema = z.object({
  status: z.enum(bookingStatuses),
  name: z.string(),
  email: z.string(),
  startsAt: z.iso.datetime(),
  endsAt: z.iso.datetime(),
});
export type PublicBooking = z.infer<typeof publicBookingSchema>;

export const bookingResponseSchema = z.object({ booking: publicBookingSchema });
export type BookingResponse = z.infer<typeof bookingResponseSchema>;

/** `POST /api/crm/booking/manage/{token}/reschedule`: move the call to another open slot. */
export const rescheduleBookingRequestSchema = z.strictObject({
  slotId: z.uuid({ error: bookingMessages.slotIdInvalid }),
});
export type RescheduleBookingRequest = z.input<typeof rescheduleBookingRequestSchema>;

/** `POST /api/crm/staff/availability`: staff publish a slot; `startsAt` is an instant (with its offset). */
export const createSlotRequestSchema = z.strictObject({
  startsAt: z.iso.datetime({ offset: true, error: bookingMessages.startsAtInvalid }),
  durationMinutes: z
    .number({ error: bookingMessages.durationInvalid })
    .int(bookingMessages.durationInvalid)
    .min(SLOT_MIN_MINUTES, bookingMessages.durationInvalid)
    .max(SLOT_MAX_MINUTES, bookingMessages.durationInvalid),
});
export type CreateSlotRequest = z.input<typeof createSlotRequestSchema>;

/** A booking as staff see it. */
export const staffBookingSchema = z.object({
  id: z.uuid(),
  status: z.enum(bookingStatuses),
  name: z.string(),
  email: z.string(),
  company: z.string().nullable(),
  phone: z.string().nullable(),
  note: z.string().nullable(),
  startsAt: z.iso.datetime(),
  endsAt: z.iso.datetime(),
  createdAt: z.iso.datetime(),
  cancelledAt: z.iso.datetime().nullable(),
});
export type StaffBooking = z.infer<typeof staffBookingSchema>;

/** A slot as staff see it: with who booked it, if anyone. */
export const staffSlotSchema = openSlotSchema.extend({
  booking: z.object({ id: z.uuid(), name: z.string(), email: z.string() }).nullable(),
});
export type StaffSlot = z.infer<typeof staffSlotSchema>;

/** `GET /api/crm/staff/availability`: the slots that have not ended, earliest first. */
export const staffSlotsResponseSchema = z.object({ slots: z.array(staffSlotSchema) });
export type StaffSlotsResponse = z.infer<typeof staffSlotsResponseSchema>;

/** `GET /api/crm/staff/bookings`: bookings whose call has not ended (cancelled ones too), earliest first. */
export const staffBookingsResponseSchema = z.object({ bookings: z.array(staffBookingSchema) });
export type StaffBookingsResponse = z.infer<typeof staffBookingsResponseSchema>;

/** The 429s of `POST /api/crm/booking`; `wait` as "7 minutes". */
export const tooManyBookings = {
  fromAddress: (wait: string) => `Too many bookings from your network. Please try again in ${wait}.`,
  forEmail: (wait: string) => `Too many bookings for this email address. Please try again in ${wait}.`,
} as const;

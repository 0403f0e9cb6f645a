import { z } from 'zod';

export const KICKOFF_PATH = '/api/crm/kickoff';
export const KICKOFF_EVENT_URI_MAX_LENGTH = 500;

export const kickoffMessages = {
  eventUriInvalid: 'The booking must be a Calendly event address (https://api.calendly.com/…)',
} as const;

/**
 * `POST /api/crm/kickoff`: the signed-in customer's organisation books its kickoff call. With the
 * scheduling widget, `eventUri` is the event Calendly scheduled; without it, the request alone is
 * recorded and the onboarding team sets a time by email. Unknown fields are rejected.
 */
export const bookKickoffRequestSchema = z.strictObject({
  eventUri: z
    .url({ protocol: /^https$/, hostname: /^(api\.)?calendly\.com$/, error: kickoffMessages.eventUriInvalid })
    .max(KICKOFF_EVENT_URI_MAX_LENGTH, kickoffMessages.eventUriInvalid)
    .optional(),
});
export type BookKickoffRequest = z.input<typeof bookKickoffRequestSchema>;

/** The organisation's kickoff call, whoever of it booked it. */
export const kickoffSchema = z.object({
  bookedAt: z.iso.datetime(),
  /** The Calendly event, or null when the onboarding team is to set the time. */
  eventUri: z.url().nullable(),
});
export type Kickoff = z.infer<typeof kickoffSchema>;

/** `GET /api/crm/kickoff` and the answer to a booking: null until one is booked. */
export const kickoffResponseSchema = z.object({ kickoff: kickoffSchema.nullable() });
export type KickoffResponse = z.infer<typeof kickoffResponseSchema>;

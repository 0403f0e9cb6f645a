import { z } from 'zod';
import type { TicketPriority } from './tickets';

/**
 * The service-level targets of each priority, in minutes from the ticket's opening: a first response
 * from staff (an answer the customer can read; internal notes do not count) and a resolution (the
 * ticket resolved or closed). Urgent's first response is the help center's promise: an email reply
 * within 2 hours. One table, read by support (clocks, breach warnings) and shown as is (ADR 0187).
 */
export const ticketSlaTable: Readonly<
  Record<TicketPriority, { firstResponseMinutes: number; resolutionMinutes: number }>
> = {
  urgent: { firstResponseMinutes: 2 * 60, resolutionMinutes: 24 * 60 },
  high: { firstResponseMinutes: 4 * 60, resolutionMinutes: 2 * 24 * 60 },
  medium: { firstResponseMinutes: 8 * 60, resolutionMinutes: 3 * 24 * 60 },
  low: { firstResponseMinutes: 24 * 60, resolutionMinutes: 5 * 24 * 60 },
};

/**
 * A target is "about to breach" once this share of its time is left (urgent's first response: the
 * last 30 minutes of its 2 hours); staff are warned then (`portal.tickets.breaching`, once per target)
 * and the queue shows the ticket first.
 */
export const SLA_WARNING_SHARE = 0.25;

export const slaTargets = ['first_response', 'resolution'] as const;
export type SlaTarget = (typeof slaTargets)[number];

/**
 * One SLA clock: `pending` (not met, time left), `overdue` (not met, past due), `met` (met in time),
 * `missed` (met after its due time). `metAt`: the first staff answer / the resolution, else null.
 */
export const slaClockSchema = z.object({
  targetMinutes: z.number().int().positive(),
  dueAt: z.iso.datetime(),
  metAt: z.iso.datetime().nullable(),
  state: z.enum(['pending', 'overdue', 'met', 'missed']),
});
export type SlaClock = z.infer<typeof slaClockSchema>;

/** Both clocks of a ticket. */
export const ticketSlaSchema = z.object({
  firstResponse: slaClockSchema,
  resolution: slaClockSchema,
});
export type TicketSla = z.infer<typeof ticketSlaSchema>;

/** "2 d 3 h", "1 h 20 min", "35 min", "less than a minute" for a duration in milliseconds. */
export function formatSlaDuration(milliseconds: number): string {
  const minutes = Math.floor(Math.max(0, milliseconds) / 60_000);
  if (minutes < 1) return 'less than a minute';
  const days = Math.floor(minutes / (24 * 60));
  const hours = Math.floor((minutes % (24 * 60)) / 60);
  const rest = minutes % 60;
  if (days > 0) return hours > 0 ? `${days} d ${hours} h` : `${days} d`;
  if (hours > 0) return rest > 0 ? `${hours} h ${rest} min` : `${hours} h`;
  return `${rest} min`;
}

/**
 * The customer's SLA line for a ticket opened at `createdAt`: 'Response due in 1 h 20 min' while
 * staff have not answered, 'Response overdue by 15 min' past the target, 'Answered in 35 min' once
 * they have (however long it took).
 */
export function slaLine(createdAt: string, firstResponse: SlaClock, now: Date = new Date()): string {
  if (firstResponse.metAt) {
    return `Answered in ${formatSlaDuration(Date.parse(firstResponse.metAt) - Date.parse(createdAt))}`;
  }
  const left = Date.parse(firstResponse.dueAt) - now.getTime();
  return left >= 0
    ? `Response due in ${formatSlaDuration(left)}`
    : `Response overdue by ${formatSlaDuration(-left)}`;
}

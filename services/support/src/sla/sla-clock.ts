import {
  SLA_WARNING_SHARE,
  type SlaClock,
  type TicketPriority,
  type TicketSla,
  ticketSlaTable,
} from '@portal/contracts';
import type { TicketEntity } from '../tickets/ticket.entity';

const MINUTE = 60_000;

/** The due and warning times of both targets for a ticket of `priority` opened at `openedAt`. */
export function slaTimes(priority: TicketPriority, openedAt: Date) {
  const { firstResponseMinutes, resolutionMinutes } = ticketSlaTable[priority];
  const at = (minutes: number) => new Date(openedAt.getTime() + minutes * MINUTE);
  return {
    firstResponseDueAt: at(firstResponseMinutes),
    resolutionDueAt: at(resolutionMinutes),
    firstResponseWarnAt: at(firstResponseMinutes * (1 - SLA_WARNING_SHARE)),
    resolutionWarnAt: at(resolutionMinutes * (1 - SLA_WARNING_SHARE)),
  };
}

/**
 * A ticket's times the clocks read, as ISO 8601 text of `Date#toISOString`'s one shape (so they
 * compare as the times do): the staff queue reads them so from the database (`isoTime`).
 */
export interface SlaTimesText {
  priority: TicketPriority;
  firstResponseDueAt: string;
  firstResponseAt: string | null;
  resolutionDueAt: string;
  closedAt: string | null;
  warnAt: string | null;
}

function clock(targetMinutes: number, dueAt: string, metAt: string | null, now: string): SlaClock {
  let state: SlaClock['state'];
  if (metAt) state = metAt <= dueAt ? 'met' : 'missed';
  else state = now <= dueAt ? 'pending' : 'overdue';
  return { targetMinutes, dueAt, metAt, state };
}

/** Both clocks at `now`: the first response met by staff's first answer, the resolution by the closing. */
export function slaClocks(times: SlaTimesText, now: string): TicketSla {
  const targets = ticketSlaTable[times.priority];
  return {
    firstResponse: clock(targets.firstResponseMinutes, times.firstResponseDueAt, times.firstResponseAt, now),
    resolution: clock(targets.resolutionMinutes, times.resolutionDueAt, times.closedAt, now),
  };
}

/** True while a target not yet met is in its warning window or past due (the queue shows it first). */
export function isBreaching(times: Pick<SlaTimesText, 'warnAt'>, now: string): boolean {
  return times.warnAt !== null && times.warnAt <= now;
}

/** The clock times of a ticket read as an entity. */
export function slaTimesText(ticket: TicketEntity): SlaTimesText {
  return {
    priority: ticket.priority,
    firstResponseDueAt: ticket.firstResponseDueAt.toISOString(),
    firstResponseAt: ticket.firstResponseAt?.toISOString() ?? null,
    resolutionDueAt: ticket.resolutionDueAt.toISOString(),
    closedAt: ticket.closedAt?.toISOString() ?? null,
    warnAt: ticket.warnAt?.toISOString() ?? null,
  };
}

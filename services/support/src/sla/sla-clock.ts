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

function clock(targetMinutes: number, dueAt: Date, metAt: Date | null, now: Date): SlaClock {
  let state: SlaClock['state'];
  if (metAt) state = metAt.getTime() <= dueAt.getTime() ? 'met' : 'missed';
  else state = now.getTime() <= dueAt.getTime() ? 'pending' : 'overdue';
  return { targetMinutes, dueAt: dueAt.toISOString(), metAt: metAt?.toISOString() ?? null, state };
}

/** Both clocks of a ticket at `now`: the first response met by staff's first answer, the resolution by its closing. */
export function ticketSla(ticket: TicketEntity, now: Date = new Date()): TicketSla {
  const targets = ticketSlaTable[ticket.priority];
  return {
    firstResponse: clock(
      targets.firstResponseMinutes,
      ticket.firstResponseDueAt,
      ticket.firstResponseAt,
      now,
    ),
    resolution: clock(targets.resolutionMinutes, ticket.resolutionDueAt, ticket.closedAt, now),
  };
}

/** True while a target not yet met is in its warning window or past due (the queue shows it first). */
export function isBreaching(ticket: TicketEntity, now: Date = new Date()): boolean {
  return ticket.warnAt !== null && ticket.warnAt.getTime() <= now.getTime();
}

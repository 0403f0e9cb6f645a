import type { SlaClock, StaffTicket, TicketPriority, TicketStatus } from '@portal/contracts';
import { formatSlaDuration } from '@portal/contracts';

export const STATUS_LABELS: Record<TicketStatus, string> = {
  open: 'Open',
  in_progress: 'In progress',
  resolved: 'Resolved',
  closed: 'Closed',
};

export const PRIORITY_LABELS: Record<TicketPriority, string> = {
  low: 'Low',
  medium: 'Medium',
  high: 'High',
  urgent: 'Urgent',
};

/** The clock staff watch: the first response until it is met, then the resolution. */
export function watchedClock(
  ticket: Pick<StaffTicket, 'sla' | 'status'>,
): { name: string; clock: SlaClock } | null {
  if (ticket.status === 'closed' || ticket.status === 'resolved') return null;
  const { firstResponse, resolution } = ticket.sla;
  return firstResponse.metAt === null
    ? { name: 'First response', clock: firstResponse }
    : { name: 'Resolution', clock: resolution };
}

/** "First response due in 1 h 20 min", "Resolution overdue by 3 h", or null for a finished ticket. */
export function slaText(ticket: Pick<StaffTicket, 'sla' | 'status'>, now = Date.now()): string | null {
  const watched = watchedClock(ticket);
  if (!watched) return null;
  const left = Date.parse(watched.clock.dueAt) - now;
  return left >= 0
    ? `${watched.name} due in ${formatSlaDuration(left)}`
    : `${watched.name} overdue by ${formatSlaDuration(-left)}`;
}

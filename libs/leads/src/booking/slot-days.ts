import type { OpenSlot } from '@portal/contracts';
import { lazyDateFormat } from '@portal/ui/format-date';

/** The visitor's own time zone, as IANA names it: "America/New_York". */
export const visitorTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

const dayFormat = lazyDateFormat({ weekday: 'long', month: 'long', day: 'numeric' });
const timeFormat = lazyDateFormat({ hour: 'numeric', minute: '2-digit' });
const fullFormat = lazyDateFormat({
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});

/** "10:30 AM", in the visitor's time zone. */
export const slotTime = (iso: string): string => timeFormat.format(new Date(iso));

/** "Tuesday, December 1, 2026 at 10:30 AM EST – 11:00 AM", in the visitor's time zone. */
export const callTime = (startsAt: string, endsAt: string): string =>
  `${fullFormat.format(new Date(startsAt))} – ${slotTime(endsAt)}`;

export interface SlotDay {
  /** "Tuesday, December 1". */
  label: string;
  slots: OpenSlot[];
}

/** The slots by day in the visitor's time zone, in the order given (earliest first). */
export function slotsByDay(slots: readonly OpenSlot[]): SlotDay[] {
  const days: SlotDay[] = [];
  for (const slot of slots) {
    const label = dayFormat.format(new Date(slot.startsAt));
    const last = days.at(-1);
    if (last?.label === label) last.slots.push(slot);
    else days.push({ label, slots: [slot] });
  }
  return days;
}

import { useEffect } from 'react';

const CALENDLY_ORIGIN = 'https://calendly.com';

interface ScheduledMessage {
  event: 'calendly.event_scheduled';
  payload: { event: { uri: string } };
}

const isScheduled = (data: unknown): data is ScheduledMessage =>
  typeof data === 'object' &&
  data !== null &&
  (data as { event?: unknown }).event === 'calendly.event_scheduled' &&
  typeof (data as ScheduledMessage).payload?.event?.uri === 'string';

/**
 * Calls `onScheduled` with the event's address when Calendly's booking popup (opened from this page)
 * reports a booking: it posts `calendly.event_scheduled` to the page. Messages from anywhere else are
 * ignored; the server checks the address is Calendly's too.
 */
export function useCalendlyScheduled(onScheduled: (eventUri: string) => void, enabled = true): void {
  useEffect(() => {
    if (!enabled) return;
    const listen = ({ origin, data }: MessageEvent) => {
      if (origin === CALENDLY_ORIGIN && isScheduled(data)) onScheduled(data.payload.event.uri);
    };
    window.addEventListener('message', listen);
    return () => window.removeEventListener('message', listen);
  }, [onScheduled, enabled]);
}

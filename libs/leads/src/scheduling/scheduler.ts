import { loadRuntimeConfig } from '@portal/store/runtime-config';

// The scheduling widget is Calendly's: the gateway's Content-Security-Policy allows exactly these hosts.
const WIDGET_SCRIPT_URL = 'https://assets.calendly.com/assets/external/widget.js';
const WIDGET_STYLESHEET_URL = 'https://assets.calendly.com/assets/external/widget.css';

interface SchedulingWidget {
  initPopupWidget(options: { url: string }): void;
}

declare global {
  interface Window {
    Calendly?: SchedulingWidget;
  }
}

let widgetRequested = false;

/**
 * Loads the widget's script and stylesheet once per page, and only when a scheduler is configured:
 * without one the site makes no third-party request.
 */
export async function prepareScheduler(): Promise<void> {
  const { scheduler } = await loadRuntimeConfig();
  if (!scheduler || widgetRequested) return;
  widgetRequested = true;
  const stylesheet = Object.assign(document.createElement('link'), {
    rel: 'stylesheet',
    href: WIDGET_STYLESHEET_URL,
  });
  const script = Object.assign(document.createElement('script'), { src: WIDGET_SCRIPT_URL, async: true });
  document.head.append(stylesheet, script);
}

export const CONTACT_PATH = '/contact';
/** The contact page's booking section: the widget, or without one the company's own open times (ADR 0232). */
export const BOOKING_SECTION_ID = 'book-a-call';

/**
 * 'Schedule a Call': opens the widget's booking popup. When no scheduler is configured or its
 * script has not loaded, logs a warning and runs `fallback` (e.g. going to the contact page).
 */
export async function scheduleCall(fallback: () => void): Promise<void> {
  const { scheduler } = await loadRuntimeConfig();
  const widget = window.Calendly;
  if (scheduler && widget) {
    widget.initPopupWidget({ url: scheduler.url });
    return;
  }
  console.warn(
    scheduler
      ? '[scheduling] The scheduling widget has not loaded; showing the contact page instead.'
      : '[scheduling] No scheduling widget is configured (SCHEDULER_URL); showing the contact page instead.',
  );
  fallback();
}

/** The booking page as an inline embed, as the widget's own inline mode requests it. */
export function inlineSchedulerUrl(bookingUrl: string, host = window.location.host): string {
  const url = new URL(bookingUrl);
  url.searchParams.set('embed_domain', host);
  url.searchParams.set('embed_type', 'Inline');
  return url.toString();
}

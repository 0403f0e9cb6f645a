import { lazy } from 'react';

/** How long the notice stays before the redirect (1 second). */
export const REDIRECT_DELAY_MS = 1000;

export interface RedirectNoticeProps {
  title: string;
  message: string;
  /** Where to go after REDIRECT_DELAY_MS (replaces the current history entry). */
  to: string;
}

/**
 * Explains why the visitor cannot stay on this page, then moves on to `to` after a visible second.
 * Loaded on first use (it suspends once): only signed-out visits to private pages need it.
 */
export const RedirectNotice = lazy(() => import('./RedirectNotice'));

import type { ReactNode } from 'react';
import CircularProgress from '@mui/material/CircularProgress';
import CheckCircle from '@mui/icons-material/CheckCircleRounded';
import LinkOff from '@mui/icons-material/LinkOffRounded';
import { useLocation } from 'react-router-dom';
import { LINK_TOKEN_PATTERN } from '@portal/contracts';
import { usePageMeta } from '@portal/ui';
import { CheckoutNotice } from '../pages/Checkout/CheckoutNotice';

/** The token of the mail link the visitor opened (`?token=`), and whether it has the shape of one. */
export function useLinkToken() {
  const token = new URLSearchParams(useLocation().search).get('token') ?? '';
  return { token, wellFormed: LINK_TOKEN_PATTERN.test(token) };
}

export type LinkOutcomeTone = 'working' | 'done' | 'refused';

export interface LinkOutcomeProps {
  /** The page's path and its description for link previews (kept out of search results). */
  path: string;
  description: string;
  tone: LinkOutcomeTone;
  title: string;
  children: ReactNode;
  actions?: ReactNode;
  /** Moves the focus to the title: the outcome replaces the form the visitor just sent. */
  focusTitle?: boolean;
}

const ICONS: Record<LinkOutcomeTone, ReactNode> = {
  working: <CircularProgress size={44} aria-hidden />,
  done: <CheckCircle sx={{ color: 'success.main' }} />,
  refused: <LinkOff sx={{ color: 'warning.main' }} />,
};

/**
 * What a link from one of the account's mails came to, as a page of its own: an icon, the h1, the
 * message (the server's, word for word, for a refused link) and what to do next. Told to screen
 * readers as it replaces the page's previous state: a refusal as an alert, the rest as a status.
 */
export function LinkOutcome({
  path,
  description,
  tone,
  title,
  children,
  actions,
  focusTitle,
}: LinkOutcomeProps) {
  usePageMeta({ title, description, path, noindex: true });
  return (
    <CheckoutNotice
      icon={ICONS[tone]}
      title={title}
      role={tone === 'refused' ? 'alert' : 'status'}
      actions={actions}
      focusTitle={focusTitle}
    >
      {children}
    </CheckoutNotice>
  );
}

import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import { RouteButton } from '@portal/ui';
import { serverMessage, selectSessionStatus, useAppSelector } from '@portal/store';
import { LinkOutcome } from '../../components/LinkOutcome';

/** The dashboard's settings tab, where an email change is asked for. */
export const ACCOUNT_SETTINGS_PATH = '/dashboard/settings';

/**
 * Where a link's page sends the visitor next: the dashboard; or signing in first ('Sign in and ask
 * for a new one'), which a signed-in visitor does not need; or the account settings.
 */
export function NextStep({ kind }: { kind: 'dashboard' | 'signIn' | 'settings' }) {
  const signedIn = useAppSelector(selectSessionStatus) === 'signedIn';
  if (kind === 'signIn' && !signedIn) {
    return (
      <RouteButton href="/login?redirect=%2Fdashboard" variant="contained">
        Sign in
      </RouteButton>
    );
  }
  if (kind === 'settings') {
    return (
      <RouteButton href={ACCOUNT_SETTINGS_PATH} variant="contained">
        Go to account settings
      </RouteButton>
    );
  }
  return (
    <RouteButton href="/dashboard" variant="contained">
      Go to your dashboard
    </RouteButton>
  );
}

export interface LinkFailureProps {
  path: string;
  description: string;
  error: unknown;
  /** The page for a link the server refused (4xx), with its message. */
  refused: (message: string) => ReactNode;
  retry: () => unknown;
}

/**
 * A link's call that failed: refused by the server (its message, word for word), or not answered
 * (the network, a 5xx), which says so and offers to try again.
 */
export function LinkFailure({ path, description, error, refused, retry }: LinkFailureProps) {
  const status = (error as { status?: unknown } | undefined)?.status;
  const message = serverMessage(error);
  if (typeof status === 'number' && status >= 400 && status < 500 && message) return refused(message);
  return (
    <LinkOutcome
      path={path}
      description={description}
      tone="refused"
      title="We could not open this link"
      actions={
        <Button variant="contained" onClick={() => void retry()}>
          Try again
        </Button>
      }
    >
      Something went wrong while checking this link. Please try again in a moment.
    </LinkOutcome>
  );
}

export interface LinkPageProps<Data> {
  path: string;
  description: string;
  wellFormed: boolean;
  /** The link's call, sent once on load (skipped for a token that is not one). */
  call: { data?: Data; error?: unknown; isFetching: boolean; refetch: () => unknown };
  /** The title while the link is checked. */
  working: string;
  /** The refusal for a token that is not one, before any call. */
  invalidMessage: string;
  done: (data: Data) => ReactNode;
  refused: (message: string) => ReactNode;
}

/** A mail link's page: refused at once when the token is not one, checking, done, or what failed. */
export function LinkPage<Data>({
  path,
  description,
  wellFormed,
  call,
  working,
  invalidMessage,
  done,
  refused,
}: LinkPageProps<Data>) {
  if (!wellFormed) return refused(invalidMessage);
  if (call.isFetching) {
    return (
      <LinkOutcome path={path} description={description} tone="working" title={working}>
        This takes a moment.
      </LinkOutcome>
    );
  }
  if (call.data) return done(call.data);
  return (
    <LinkFailure path={path} description={description} error={call.error} refused={refused} retry={call.refetch} />
  );
}

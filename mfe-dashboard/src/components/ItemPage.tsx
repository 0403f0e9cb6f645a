import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import { RouteLink } from '@portal/ui';
import { ListSkeleton } from './ListSkeleton';
import { LoadError } from './LoadError';
import { useFailureToast } from './useFailureToast';

/** A 404: an unknown item, or another organization's (the services answer them alike). */
export const isNotFound = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 404;

interface ItemQuery {
  isError: boolean;
  error?: unknown;
  data?: unknown;
  refetch: () => unknown;
}

export interface ItemPageProps {
  /** The tab's list (`/dashboard/orders`): the way back. */
  listPath: string;
  /** What the page shows, in words: 'order', 'ticket'. */
  what: string;
  /** The tab whose list holds them: 'Orders'. */
  tab: string;
  /** What the page reads; it shows once every one has answered. */
  queries: readonly ItemQuery[];
  children: () => ReactNode;
}

/**
 * A page of one item of a tab's list (`/dashboard/orders/{id}`): a link back to the list over the
 * item, or 'not found' (a toast for any other failure, and 'Try again'), or placeholders meanwhile.
 */
export function ItemPage({ listPath, what, tab, queries, children }: ItemPageProps) {
  const failed = queries.find((query) => query.isError && !isNotFound(query.error));
  useFailureToast(failed ?? { isError: false }, `Failed to fetch ${what}`);
  const back = (
    <RouteLink href={listPath} sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 2 }}>
      <ArrowBackRounded aria-hidden fontSize="small" />
      All {what}s
    </RouteLink>
  );
  let content;
  if (queries.some((query) => isNotFound(query.error))) {
    content = (
      <Box
        role="alert"
        sx={{ py: 6, px: 2, textAlign: 'center', border: 1, borderColor: 'divider', borderRadius: 4 }}
      >
        <Typography variant="h4" component="h2" sx={{ mb: 1 }}>
          {`${what.charAt(0).toUpperCase()}${what.slice(1)} not found`}
        </Typography>
        <Typography color="text.secondary">
          It may belong to another organization, or the address is mistyped. Your {what}s are on the {tab}{' '}
          tab.
        </Typography>
      </Box>
    );
  } else if (queries.some((query) => query.data === undefined)) {
    content = failed ? (
      <LoadError
        title={`We could not load this ${what}.`}
        onRetry={() => queries.forEach((query) => void query.refetch())}
      />
    ) : (
      <ListSkeleton label={`Loading ${what}`} rows={3} rowHeight={120} />
    );
  } else {
    content = children();
  }
  return (
    <>
      {back}
      {content}
    </>
  );
}

export interface ItemViewProps {
  /** The title's id, which names the article. */
  titleId: string;
  title: ReactNode;
  /** Chips beside the title (under it on phones): status and the like. */
  badges: ReactNode;
  /** Under the title, before the facts: what the status means, if anything. */
  note?: ReactNode;
  /** The line of dates and such under the title. */
  facts: ReactNode;
  children: ReactNode;
}

/** The item of an `ItemPage`: its title with its badges, its facts, then its sections. */
export function ItemView({ titleId, title, badges, note, facts, children }: ItemViewProps) {
  return (
    <Box component="article" aria-labelledby={titleId} sx={{ display: 'grid', gap: 3 }}>
      <Box component="header">
        <Box
          sx={{
            display: 'flex',
            flexDirection: { xs: 'column', sm: 'row' },
            alignItems: { xs: 'flex-start', sm: 'center' },
            justifyContent: 'space-between',
            gap: 1.5,
          }}
        >
          <Typography id={titleId} variant="h4" component="h2" sx={{ overflowWrap: 'anywhere' }}>
            {title}
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, flexShrink: 0 }}>{badges}</Box>
        </Box>
        {note}
        <Box
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'center',
            columnGap: 2,
            rowGap: 0.5,
            mt: 1,
            color: 'text.secondary',
          }}
        >
          {facts}
        </Box>
      </Box>
      {children}
    </Box>
  );
}

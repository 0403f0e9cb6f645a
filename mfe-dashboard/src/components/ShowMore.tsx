import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { LoadError } from './LoadError';

export interface ShowMoreProps {
  /** An infinite query's paging, as RTK Query answers it. */
  pages: {
    hasNextPage: boolean;
    isFetchingNextPage: boolean;
    isFetchNextPageError: boolean;
    fetchNextPage: () => unknown;
  };
  /** What the list holds, in words: 'orders'. */
  what: string;
}

/** Under a list read a cursor page at a time: 'Show more …' while there is a next page, and its failure. */
export function ShowMore({ pages, what }: ShowMoreProps) {
  return (
    <>
      {pages.hasNextPage && (
        <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}>
          <Button
            variant="outlined"
            color="inherit"
            onClick={() => void pages.fetchNextPage()}
            disabled={pages.isFetchingNextPage}
          >
            {pages.isFetchingNextPage ? 'Loading…' : `Show more ${what}`}
          </Button>
        </Box>
      )}
      {pages.isFetchNextPageError && (
        <LoadError title={`We could not load more ${what}.`} onRetry={() => void pages.fetchNextPage()} />
      )}
    </>
  );
}

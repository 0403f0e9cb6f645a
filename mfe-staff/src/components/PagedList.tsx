import { useEffect, type ComponentType, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { SxProps, Theme } from '@mui/material/styles';
import { LoadError } from './LoadError';

/** Phones and tablets: lists as cards, the open item in the list's place (`ListWithPanel`). */
export const useNarrow = () => useMediaQuery((theme: Theme) => theme.breakpoints.down('md'), { noSsr: true });

export interface ListColumn<T> {
  label: string;
  /** The cell's content; null leaves it out of the item's card (an empty cell in the table). */
  cell: (item: T) => ReactNode;
  /** The column whose cell is the item's button: opens it, and heads its card. */
  opens?: true;
  /** The button's accessible name, when the cell alone does not say it ('Order 1a2b3c4d'). */
  name?: (item: T) => string;
  sx?: SxProps<Theme>;
}

/** One cursor page of a list, as its query hook reads it. */
export interface ListPage<T> {
  isLoading: boolean;
  isError: boolean;
  error?: unknown;
  refetch: () => unknown;
  items: readonly T[] | undefined;
  nextCursor: string | null | undefined;
}

export interface PagedListProps<T extends { id: string }, F> {
  /** The list's name for screen readers ('Leads'). */
  label: string;
  columns: readonly ListColumn<T>[];
  /** The table's narrowest width on wide screens, before it scrolls within its frame. */
  minWidth: number;
  filters: F;
  /** Reads one cursor page with these filters (called once per page, as a hook). */
  usePage: (filters: F, cursor: string | null) => ListPage<T>;
  /** The cursors of the pages shown so far (`usePagedCursors`). */
  cursors: readonly (string | null)[];
  onMore: (cursor: string) => void;
  selectedId: string | null;
  onSelect: (id: string) => void;
  /** What the list says while its first page loads, when it fails, and when it is empty. */
  loading: string;
  failed: string;
  empty: string;
  /** Each page's item ids, in order, once known (the queue's keys move through them). */
  onItems?: (cursor: string | null, ids: string[]) => void;
}

/**
 * A staff list read a cursor page at a time ('Load more'): a dense table with a sticky header on wide
 * screens, cards on phones and tablets (the table would scroll sideways there). Each item opens
 * through its button (the `opens` column); the open one is marked `aria-current`.
 */
export function PagedList<T extends { id: string }, F>(props: PagedListProps<T, F>) {
  const { label, columns, minWidth, cursors, filters } = props;
  const narrow = useNarrow();
  const pages = cursors.map((cursor, index) => (
    <CursorPage
      key={`${JSON.stringify(filters)}:${cursor ?? 'first'}`}
      {...props}
      cursor={cursor}
      last={index === cursors.length - 1}
      narrow={narrow}
    />
  ));
  if (narrow) {
    return (
      <Box component="ul" aria-label={label} sx={{ m: 0, p: 0, display: 'grid', gap: 1 }}>
        {pages}
      </Box>
    );
  }
  return (
    <TableContainer
      sx={{ maxHeight: 'calc(100vh - 240px)', border: 1, borderColor: 'divider', borderRadius: 2 }}
    >
      <Table stickyHeader size="small" aria-label={label} sx={{ minWidth }}>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column.label} sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
                {column.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>{pages}</TableBody>
      </Table>
    </TableContainer>
  );
}

const itemButtonSx = {
  all: 'unset',
  cursor: 'pointer',
  fontWeight: 600,
  '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', borderRadius: 0.5 },
} as const;

function CursorPage<T extends { id: string }, F>({
  columns,
  filters,
  usePage,
  cursor,
  last,
  narrow,
  onMore,
  selectedId,
  onSelect,
  loading,
  failed,
  empty,
  onItems,
}: PagedListProps<T, F> & { cursor: string | null; last: boolean; narrow: boolean }) {
  const page = usePage(filters, cursor);
  const ids = (page.items ?? []).map((item) => item.id).join(',');
  useEffect(() => onItems?.(cursor, ids ? ids.split(',') : []), [cursor, ids, onItems]);

  const Whole: ComponentType<SlotProps> = narrow ? CardSlot : RowSlot;
  const span = columns.length;
  if (page.isLoading) {
    return (
      <Whole span={span}>
        <Typography role="status" aria-busy="true" color="text.secondary" sx={{ py: 1 }}>
          {loading}
        </Typography>
      </Whole>
    );
  }
  if (page.isError || !page.items) {
    return (
      <Whole span={span}>
        <LoadError title={failed} error={page.error} onRetry={() => void page.refetch()} />
      </Whole>
    );
  }
  if (cursor === null && page.items.length === 0) {
    return (
      <Whole span={span}>
        <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
          {empty}
        </Typography>
      </Whole>
    );
  }
  const opener = columns.find((column) => column.opens) ?? columns[0]!;
  const button = (item: T, sx: SxProps<Theme>) => (
    <Box
      component="button"
      type="button"
      aria-label={opener.name?.(item)}
      aria-current={item.id === selectedId ? 'true' : undefined}
      onClick={() => onSelect(item.id)}
      sx={sx}
    >
      {opener.cell(item)}
    </Box>
  );
  const more = last && page.nextCursor && (
    <Whole span={span}>
      <Box sx={{ textAlign: 'center' }}>
        <Button variant="outlined" color="inherit" size="small" onClick={() => onMore(page.nextCursor!)}>
          Load more
        </Button>
      </Box>
    </Whole>
  );

  if (narrow) {
    return (
      <>
        {page.items.map((item) => (
          <Box
            component="li"
            key={item.id}
            sx={{
              listStyle: 'none',
              minWidth: 0,
              p: 1.5,
              borderRadius: 2,
              border: 1,
              borderColor: item.id === selectedId ? 'primary.main' : 'divider',
              bgcolor: 'background.paper',
            }}
          >
            {button(item, { ...itemButtonSx, display: 'block', overflowWrap: 'anywhere', mb: 0.75 })}
            <Box
              component="dl"
              sx={{
                m: 0,
                display: 'grid',
                gridTemplateColumns: 'minmax(0, auto) minmax(0, 1fr)',
                columnGap: 1.5,
                rowGap: 0.25,
                alignItems: 'center',
              }}
            >
              {columns
                .filter((column) => column !== opener)
                .map((column) => {
                  const value = column.cell(item);
                  if (value === null || value === undefined || value === false) return null;
                  return (
                    <Box key={column.label} sx={{ display: 'contents' }}>
                      <Typography component="dt" variant="caption" color="text.secondary">
                        {column.label}
                      </Typography>
                      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                        {value}
                      </Typography>
                    </Box>
                  );
                })}
            </Box>
          </Box>
        ))}
        {more}
      </>
    );
  }
  return (
    <>
      {page.items.map((item) => (
        <TableRow
          key={item.id}
          hover
          selected={item.id === selectedId}
          // A click anywhere on the row opens it, but for its own links and buttons (keys use the button).
          onClick={(event) => {
            if (!(event.target as Element).closest('a, button')) onSelect(item.id);
          }}
          sx={{ cursor: 'pointer' }}
        >
          {columns.map((column) => (
            <TableCell key={column.label} sx={column.sx}>
              {column === opener ? button(item, itemButtonSx) : column.cell(item)}
            </TableCell>
          ))}
        </TableRow>
      ))}
      {more}
    </>
  );
}

/** Content that spans the list: a card's place, or a whole table row. */
interface SlotProps {
  children: ReactNode;
  span: number;
}

function CardSlot({ children }: SlotProps) {
  return (
    <Box component="li" sx={{ listStyle: 'none' }}>
      {children}
    </Box>
  );
}

function RowSlot({ children, span }: SlotProps) {
  return (
    <TableRow>
      <TableCell colSpan={span}>{children}</TableCell>
    </TableRow>
  );
}

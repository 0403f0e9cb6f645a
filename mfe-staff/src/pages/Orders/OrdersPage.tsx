import { useMemo } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryParams } from '../../components/useQueryParams';
import { orderStatuses, type OrderStatus } from '@portal/contracts';
import { useStaffOrdersQuery, type OrderFilters } from '../../api/staff-api';
import { LoadError } from '../../components/LoadError';
import { ListWithPanel } from '../../components/ListWithPanel';
import { usePagedCursors } from '../../components/usePagedCursors';
import { formatDateTime, formatMoney, humanize } from '../../format/format';
import { OrderPanel } from './OrderPanel';

const COLUMNS = ['Order', 'Date', 'Total', 'Status', 'Payment', 'Refunded', 'Invoice'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function filtersFrom(params: URLSearchParams): OrderFilters {
  const status = params.get('status');
  const organization = params.get('organization');
  return {
    ...(status && (orderStatuses as readonly string[]).includes(status)
      ? { status: status as OrderStatus }
      : {}),
    ...(organization && UUID.test(organization) ? { organizationId: organization } : {}),
  };
}

/** "a1b2c3d4": an order's short reference, as the customer's dashboard shows it. */
export const shortId = (id: string) => id.slice(0, 8);

function OrderRows({
  filters,
  cursor,
  last,
  selectedId,
  onSelect,
  onMore,
}: {
  filters: OrderFilters;
  cursor: string | null;
  last: boolean;
  selectedId: string | null;
  onSelect: (id: string) => void;
  onMore: (cursor: string) => void;
}) {
  const page = useStaffOrdersQuery({ ...filters, cursor });
  const full = (content: React.ReactNode) => (
    <TableRow>
      <TableCell colSpan={COLUMNS.length}>{content}</TableCell>
    </TableRow>
  );
  if (page.isLoading) {
    return full(
      <Typography role="status" aria-busy="true" color="text.secondary">
        Loading orders…
      </Typography>,
    );
  }
  if (page.isError || !page.data) {
    return full(
      <LoadError
        title="We could not load the orders."
        error={page.error}
        onRetry={() => void page.refetch()}
      />,
    );
  }
  if (cursor === null && page.data.orders.length === 0) {
    return full(
      <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
        No orders match these filters.
      </Typography>,
    );
  }
  return (
    <>
      {page.data.orders.map((order) => (
        <TableRow key={order.id} hover selected={order.id === selectedId}>
          <TableCell>
            <Box
              component="button"
              type="button"
              aria-label={`Order ${shortId(order.id)}`}
              aria-current={order.id === selectedId ? 'true' : undefined}
              onClick={() => onSelect(order.id)}
              sx={{
                all: 'unset',
                cursor: 'pointer',
                fontWeight: 600,
                fontFamily: 'monospace',
                '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' },
              }}
            >
              {shortId(order.id)}
            </Box>
          </TableCell>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(order.createdAt)}</TableCell>
          <TableCell>{formatMoney(order.total)}</TableCell>
          <TableCell>{humanize(order.status)}</TableCell>
          <TableCell>
            <Chip
              size="small"
              variant="outlined"
              label={humanize(order.paymentStatus)}
              color={
                order.paymentStatus === 'paid'
                  ? 'success'
                  : order.paymentStatus.includes('refunded')
                    ? 'warning'
                    : 'default'
              }
            />
          </TableCell>
          <TableCell>{order.amountRefunded === '0.00' ? '—' : formatMoney(order.amountRefunded)}</TableCell>
          <TableCell>{order.invoiceNumber ?? '—'}</TableCell>
        </TableRow>
      ))}
      {last && page.data.nextCursor && (
        <TableRow>
          <TableCell colSpan={COLUMNS.length} sx={{ textAlign: 'center' }}>
            <Button
              size="small"
              variant="outlined"
              color="inherit"
              onClick={() => onMore(page.data!.nextCursor!)}
            >
              Load more
            </Button>
          </TableCell>
        </TableRow>
      )}
    </>
  );
}

/** Every organization's orders, newest first, by status or organization (in the address); the open one (`?order=`) with its refunds. */
export default function OrdersPage() {
  const [params, setParams] = useQueryParams();
  const filters = useMemo(() => filtersFrom(params), [params]);
  const key = JSON.stringify(filters);
  const { cursors, more } = usePagedCursors(key);
  const selectedId = params.get('order');
  const set = (name: string, value: string | undefined) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value) next.set(name, value);
      else next.delete(name);
      return next;
    });
  return (
    <Box>
      <Box
        role="search"
        aria-label="Filter the orders"
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 1.5, alignItems: 'center' }}
      >
        <TextField
          select
          size="small"
          label="Status"
          value={filters.status ?? ''}
          onChange={(event) => set('status', event.target.value || undefined)}
          sx={{ minWidth: 150 }}
        >
          <MenuItem value="">Any status</MenuItem>
          {orderStatuses.map((status) => (
            <MenuItem key={status} value={status}>
              {humanize(status)}
            </MenuItem>
          ))}
        </TextField>
        {filters.organizationId && (
          <Chip label="One organization" onDelete={() => set('organization', undefined)} />
        )}
      </Box>
      <ListWithPanel
        backLabel="Back to the orders"
        onBack={() => set('order', undefined)}
        panel={
          selectedId ? (
            <OrderPanel key={selectedId} orderId={selectedId} onClose={() => set('order', undefined)} />
          ) : null
        }
        list={
          <TableContainer
            sx={{
              alignSelf: 'start',
              maxHeight: 'calc(100vh - 240px)',
              border: 1,
              borderColor: 'divider',
              borderRadius: 2,
            }}
          >
            <Table stickyHeader size="small" aria-label="Orders" sx={{ minWidth: 720 }}>
              <TableHead>
                <TableRow>
                  {COLUMNS.map((column) => (
                    <TableCell key={column} sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
                      {column}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {cursors.map((cursor, index) => (
                  <OrderRows
                    key={`${key}:${cursor ?? 'first'}`}
                    filters={filters}
                    cursor={cursor}
                    last={index === cursors.length - 1}
                    selectedId={selectedId}
                    onSelect={(id) => set('order', id)}
                    onMore={more}
                  />
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        }
      />
    </Box>
  );
}

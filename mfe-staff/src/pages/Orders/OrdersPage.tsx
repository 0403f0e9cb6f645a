import { useMemo } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { orderStatuses, type OrderStatus, type StaffOrder } from '@portal/contracts';
import { useStaffOrdersQuery, type OrderFilters } from '../../api/staff-api';
import { FilterBar, SelectField } from '../../components/FilterBar';
import { ListWithPanel } from '../../components/ListWithPanel';
import { PagedList, type ListColumn, type ListPage } from '../../components/PagedList';
import { usePagedCursors } from '../../components/usePagedCursors';
import { useQueryParams } from '../../components/useQueryParams';
import { formatDateTime, formatMoney, humanize } from '../../format/format';
import { OrderPanel } from './OrderPanel';
import { RefundRequests } from './RefundRequests';

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
const shortId = (id: string) => id.slice(0, 8);

function useOrderPage(filters: OrderFilters, cursor: string | null): ListPage<StaffOrder> {
  const page = useStaffOrdersQuery({ ...filters, cursor });
  return { ...page, items: page.data?.orders, nextCursor: page.data?.nextCursor };
}

const COLUMNS: ListColumn<StaffOrder>[] = [
  {
    label: 'Order',
    opens: true,
    name: (order) => `Order ${shortId(order.id)}`,
    cell: (order) => (
      <Box component="span" sx={{ fontFamily: 'monospace' }}>
        {shortId(order.id)}
      </Box>
    ),
  },
  { label: 'Date', cell: (order) => formatDateTime(order.createdAt), sx: { whiteSpace: 'nowrap' } },
  { label: 'Total', cell: (order) => formatMoney(order.total) },
  { label: 'Status', cell: (order) => humanize(order.status) },
  {
    label: 'Payment',
    cell: (order) => (
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
    ),
  },
  {
    label: 'Refunded',
    cell: (order) => (order.amountRefunded === '0.00' ? '—' : formatMoney(order.amountRefunded)),
  },
  { label: 'Invoice', cell: (order) => order.invoiceNumber ?? '—' },
];

/** Customers' refund requests to decide, then every organization's orders, newest first, by status or organization (in the address); the open one (`?order=`) with its refunds. */
export default function OrdersPage() {
  const [params, , setParam] = useQueryParams();
  const filters = useMemo(() => filtersFrom(params), [params]);
  const { cursors, more } = usePagedCursors(JSON.stringify(filters));
  const selectedId = params.get('order');
  return (
    <Box>
      <RefundRequests />
      <FilterBar label="Filter the orders">
        <SelectField
          label="Status"
          any="Any status"
          value={filters.status}
          options={orderStatuses}
          labelOf={humanize}
          onChange={(status) => setParam('status', status)}
        />
        {filters.organizationId && (
          <Chip label="One organization" onDelete={() => setParam('organization', undefined)} />
        )}
      </FilterBar>
      <ListWithPanel
        backLabel="Back to the orders"
        onBack={() => setParam('order', undefined)}
        panel={
          selectedId ? (
            <OrderPanel key={selectedId} orderId={selectedId} onClose={() => setParam('order', undefined)} />
          ) : null
        }
        list={
          <PagedList
            label="Orders"
            columns={COLUMNS}
            minWidth={720}
            filters={filters}
            usePage={useOrderPage}
            cursors={cursors}
            onMore={more}
            selectedId={selectedId}
            onSelect={(id) => setParam('order', id)}
            loading="Loading orders…"
            failed="We could not load the orders."
            empty="No orders match these filters."
          />
        }
      />
    </Box>
  );
}

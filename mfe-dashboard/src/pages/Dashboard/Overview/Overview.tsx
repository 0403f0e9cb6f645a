import Box from '@mui/material/Box';
import ConfirmationNumberRounded from '@mui/icons-material/ConfirmationNumberRounded';
import HubRounded from '@mui/icons-material/HubRounded';
import PhoneInTalkRounded from '@mui/icons-material/PhoneInTalkRounded';
import ReceiptLongRounded from '@mui/icons-material/ReceiptLongRounded';
import { useCan } from '@portal/store/organizations';
import {
  useIntegrationsSummaryQuery,
  useMetricsQuery,
  useOrdersQuery,
  useTicketsQuery,
} from '../../../api/dashboard-api';
import { StatCard, type StatCardState } from '../../../components/StatCard';
import { useFailureToast } from '../../../components/useFailureToast';
import { countOf, formatCount } from '../../../format/count';
import { formatCents } from '../../../format/money';
import type { DashboardTab } from '../dashboard-tabs';
import { OnboardingChecklist } from './OnboardingChecklist';
import { openCount, paidServices, spentCents } from './overview-stats';
import { ServiceStatus } from './ServiceStatus';

interface CardQuery<T> {
  data?: T;
  isError: boolean;
  refetch: () => unknown;
}

/** A card's state from its query: the number once there is data, else why not (loading or failed). */
function cardState<T>(
  query: CardQuery<T>,
  reason: string,
  show: (data: T) => { value: string; context: string },
): StatCardState {
  if (query.data !== undefined) return { status: 'ready', ...show(query.data) };
  if (query.isError) return { status: 'failed', reason, onRetry: () => void query.refetch() };
  return { status: 'loading' };
}

export interface OverviewProps {
  /** Goes to another tab (an onboarding step's action). */
  onOpenTab?: (tab: DashboardTab) => void;
}

/**
 * The Overview tab: four account numbers, then the Service Status of what the customer paid for and,
 * until they paid for a service, the onboarding checklist. What the member's role cannot read
 * (orders) is neither asked for nor shown; the integrations' card and the checklist are for those
 * who manage them, while the status (from the counts every member may read) is for all who see orders.
 */
export function Overview({ onOpenTab = () => undefined }: OverviewProps) {
  const readsOrders = useCan('orders.read');
  const managesIntegrations = useCan('integrations.manage');
  const orders = useOrdersQuery(undefined, { skip: !readsOrders });
  // Every member may read the counts; they are asked for only where a card or the status shows them.
  const integrations = useIntegrationsSummaryQuery(undefined, { skip: !readsOrders && !managesIntegrations });
  const metrics = useMetricsQuery();
  const tickets = useTicketsQuery();
  useFailureToast(orders, 'Failed to fetch orders');
  useFailureToast(integrations, 'Failed to fetch integrations');
  useFailureToast(metrics, 'Failed to fetch metrics');
  useFailureToast(tickets, 'Failed to fetch tickets');

  return (
    <>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: {
            xs: '1fr',
            sm: 'repeat(2, 1fr)',
            lg: `repeat(${2 + Number(readsOrders) + Number(managesIntegrations)}, 1fr)`,
          },
          gap: 2,
        }}
      >
        {readsOrders && (
          <StatCard
            label="Total Orders"
            icon={<ReceiptLongRounded />}
            {...cardState(orders, 'Your orders could not be loaded.', (list) => ({
              value: formatCount(list.length),
              context: `${formatCents(spentCents(list))} spent`,
            }))}
          />
        )}
        {managesIntegrations && (
          <StatCard
            label="Active Integrations"
            icon={<HubRounded />}
            {...cardState(integrations, 'Your integrations could not be loaded.', ({ active, configured }) => ({
              value: formatCount(active),
              context: `${formatCount(configured)} configured`,
            }))}
          />
        )}
        <StatCard
          label="Calls Today"
          icon={<PhoneInTalkRounded />}
          {...cardState(metrics, 'Your metrics could not be loaded.', ({ today }) => ({
            value: formatCount(today.calls),
            context: `${countOf(today.leads, 'lead')} generated`,
          }))}
        />
        <StatCard
          label="Open Tickets"
          icon={<ConfirmationNumberRounded />}
          {...cardState(tickets, 'Your tickets could not be loaded.', (list) => ({
            value: formatCount(openCount(list)),
            context: `${formatCount(list.length)} total`,
          }))}
        />
      </Box>
      {orders.data && <ServiceStatus orders={orders.data} integrations={integrations.data} />}
      {orders.data && managesIntegrations && paidServices(orders.data).length === 0 && (
        <OnboardingChecklist integrations={integrations.data} tickets={tickets.data} onOpenTab={onOpenTab} />
      )}
    </>
  );
}

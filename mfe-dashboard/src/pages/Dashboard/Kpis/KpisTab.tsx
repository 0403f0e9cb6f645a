import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import InsightsRounded from '@mui/icons-material/InsightsRounded';
import PersonAddAlt1Rounded from '@mui/icons-material/PersonAddAlt1Rounded';
import PhoneInTalkRounded from '@mui/icons-material/PhoneInTalkRounded';
import TaskAltRounded from '@mui/icons-material/TaskAltRounded';
import type { KpiRangeQuery, MetricsResponse } from '@portal/contracts';
import { useCan } from '@portal/store/organizations';
import { useLocation, useNavigate } from 'react-router-dom';
import { useIntegrationsQuery, useMetricsQuery } from '../../../api/dashboard-api';
import { EmptyState } from '../../../components/EmptyState';
import { LoadError } from '../../../components/LoadError';
import { StatCard, type StatCardState } from '../../../components/StatCard';
import { TabHeader } from '../../../components/TabHeader';
import { useFailureToast } from '../../../components/useFailureToast';
import { formatCount } from '../../../format/count';
import { formatDay } from './calendar-date';
import { DailyActivity } from './DailyActivity';
import { conversionContext, yesterdayOf } from './kpi-summary';
import { addressOf, rangeFromAddress } from './kpi-range';
import { KpiRangePicker } from './KpiRangePicker';

const cardGrid = {
  display: 'grid',
  gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' },
  gap: 2,
} as const;

const CARDS = [
  { label: 'Calls Today', icon: <PhoneInTalkRounded /> },
  { label: 'Leads Generated', icon: <PersonAddAlt1Rounded /> },
  { label: 'Conversions', icon: <TaskAltRounded /> },
] as const;

/** The three cards' numbers and context from the metrics. */
function cardStates(metrics: MetricsResponse): StatCardState[] {
  const { today, daily } = metrics;
  const yesterday = yesterdayOf(metrics);
  return [
    {
      status: 'ready',
      value: formatCount(today.calls),
      context: `${formatCount(yesterday.calls)} yesterday`,
    },
    {
      status: 'ready',
      value: formatCount(today.leads),
      context: `${formatCount(yesterday.leads)} yesterday`,
    },
    { status: 'ready', value: formatCount(today.conversions), context: conversionContext(daily) },
  ];
}

export interface KpisTabProps {
  /** 'Setup Integration': the frame shows the Integrations tab. */
  onSetupIntegration: () => void;
}

/**
 * The KPIs tab: today's calls, leads and conversions in the organisation's time
 * zone and a range of days (the last 30 unless the address picks another) as a chart, a table and a CSV; without an active integration there is nothing to count
 * yet, and the tab says how to start. The numbers follow the live stream through useLiveMetrics,
 * which refetches the metrics query read here.
 */
export function KpisTab({ onSetupIntegration }: KpisTabProps) {
  // A role that does not manage integrations cannot list them: the metrics are shown as they are.
  const managesIntegrations = useCan('integrations.manage');
  const integrations = useIntegrationsQuery(undefined, { skip: !managesIntegrations });
  // The range lives in the address (`?range=7d`), so a reload or a shared link keeps it.
  const location = useLocation();
  const navigate = useNavigate();
  const search = new URLSearchParams(location.search);
  const range = rangeFromAddress(search);
  const showRange = (next: KpiRangeQuery) => {
    const query = new URLSearchParams(addressOf(next)).toString();
    void navigate({ pathname: location.pathname, search: query && `?${query}` }, { replace: true });
  };
  const metrics = useMetricsQuery(range);
  useFailureToast(metrics, 'Failed to fetch metrics');

  const header = (
    <TabHeader
      title="KPIs"
      description="Calls, leads and conversions from your integrations, updated as they happen."
    />
  );

  // Whether any integration is active decides between the numbers and the way to get some; if the
  // list cannot be read, the metrics are shown as they are.
  if (integrations.data && !integrations.data.some((integration) => integration.isActive)) {
    return (
      <>
        {header}
        <EmptyState
          icon={<InsightsRounded />}
          title="No KPI data yet"
          action={
            <Button variant="contained" onClick={onSetupIntegration}>
              Setup Integration
            </Button>
          }
        >
          Calls today, leads generated and conversions are counted from your active integrations.
        </EmptyState>
      </>
    );
  }

  const waitingForIntegrations = managesIntegrations && !integrations.data && !integrations.isError;
  if (metrics.isError && !metrics.data) {
    return (
      <>
        {header}
        <LoadError title="We could not load your KPIs." onRetry={() => void metrics.refetch()} />
      </>
    );
  }

  const data = waitingForIntegrations ? undefined : metrics.data;
  const states: StatCardState[] = data ? cardStates(data) : CARDS.map(() => ({ status: 'loading' }));
  return (
    <>
      {header}
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {data ? `Today, ${formatDay(data.today.date)} (${data.timezone})` : <Skeleton width={220} />}
      </Typography>
      <Box sx={cardGrid}>
        {CARDS.map(({ label, icon }, index) => (
          <StatCard key={label} label={label} icon={icon} {...states[index]} />
        ))}
      </Box>
      {data ? (
        <DailyActivity
          metrics={data}
          updating={metrics.isFetching && !metrics.currentData}
          picker={
            <KpiRangePicker
              key={search.toString()}
              value={range}
              shown={data.range}
              today={data.today.date}
              onChange={showRange}
            />
          }
        />
      ) : (
        <Box role="status" aria-label="Loading the daily chart" sx={{ mt: 3 }}>
          <Skeleton variant="rounded" height={400} />
        </Box>
      )}
    </>
  );
}

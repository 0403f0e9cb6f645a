import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { WebhookEndpoint } from '@portal/contracts';
import { RouteLink } from '@portal/ui';
import { formatDate } from '@portal/ui/format-date';
import { UserText } from '@portal/ui/user-text';
import { CardList, cardSx } from '../../../components/CardList';
import { ENDPOINT_STATUS, monoSx } from './developer-labels';

export interface WebhookEndpointListProps {
  endpoints: readonly WebhookEndpoint[];
  /** The tab's address: each endpoint's delivery log is below it. */
  listPath: string;
  /** The endpoint whose enable/disable is on its way. */
  toggling: string | null;
  onToggle: (endpoint: WebhookEndpoint) => void;
  onDelete: (endpoint: WebhookEndpoint, opener: HTMLElement) => void;
}

export function EndpointStatusChip({ endpoint }: { endpoint: WebhookEndpoint }) {
  const { label, color } = ENDPOINT_STATUS[endpoint.status];
  return <Chip label={label} color={color} size="small" variant="outlined" />;
}

export const EventChips = ({ events }: { events: readonly string[] }) => (
  <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
    {events.map((event) => (
      <Chip key={event} label={event} size="small" sx={{ ...monoSx, fontSize: '0.75rem' }} />
    ))}
  </Box>
);

/** The organization's webhook endpoints as cards (they read as well at 360 px as on a desktop). */
export function WebhookEndpointList({
  endpoints,
  listPath,
  toggling,
  onToggle,
  onDelete,
}: WebhookEndpointListProps) {
  return (
    <CardList label="Webhook endpoints">
      {endpoints.map((endpoint) => (
        <Box
          component="li"
          key={endpoint.id}
          aria-label={endpoint.url}
          sx={{ ...cardSx, display: 'grid', gap: 1.5 }}
        >
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 1.5 }}>
            <Box sx={{ flex: '1 1 14rem', minWidth: 0 }}>
              <Typography
                variant="h5"
                component="h4"
                sx={{ ...monoSx, fontSize: '0.95rem', overflowWrap: 'anywhere' }}
              >
                {endpoint.url}
              </Typography>
              {endpoint.description && (
                <Typography variant="body2" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
                  <UserText>{endpoint.description}</UserText>
                </Typography>
              )}
              <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                Added <time dateTime={endpoint.createdAt}>{formatDate(endpoint.createdAt)}</time>
                {endpoint.failingSince && (
                  <>
                    {' · Failing since '}
                    <time dateTime={endpoint.failingSince}>{formatDate(endpoint.failingSince)}</time>
                  </>
                )}
              </Typography>
            </Box>
            <EndpointStatusChip endpoint={endpoint} />
          </Box>
          <EventChips events={endpoint.events} />
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
            <RouteLink
              href={`${listPath}/${encodeURIComponent(endpoint.id)}`}
              aria-label={`Delivery log of ${endpoint.url}`}
            >
              Delivery log
            </RouteLink>
            <Box sx={{ flexGrow: 1 }} />
            <Button
              size="small"
              variant="outlined"
              color="inherit"
              loading={toggling === endpoint.id}
              aria-label={`${endpoint.status === 'disabled' ? 'Enable' : 'Disable'} ${endpoint.url}`}
              onClick={() => onToggle(endpoint)}
            >
              {endpoint.status === 'disabled' ? 'Enable' : 'Disable'}
            </Button>
            <Button
              size="small"
              variant="outlined"
              color="error"
              aria-label={`Delete ${endpoint.url}`}
              onClick={(event) => onDelete(endpoint, event.currentTarget)}
            >
              Delete
            </Button>
          </Box>
        </Box>
      ))}
    </CardList>
  );
}

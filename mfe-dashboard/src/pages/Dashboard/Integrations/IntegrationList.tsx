import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import type { Integration } from '@portal/contracts';
import { UserText, withoutBidiControls } from '@portal/ui/user-text';
import { CardList, cardSx } from '../../../components/CardList';
import { formatDate } from '@portal/ui/format-date';
import { CopyableValue } from './CopyableValue';
import { INTEGRATION_TYPE_LABELS } from './integration-types';

export interface IntegrationListProps {
  integrations: readonly Integration[];
  onDelete: (integration: Integration, opener: HTMLElement) => void;
}

/** The customer's integrations as cards (they read as well at 360 px as on a desktop). */
export function IntegrationList({ integrations, onDelete }: IntegrationListProps) {
  return (
    <CardList label="Your integrations" gap={2}>
      {integrations.map((integration) => (
        <IntegrationCard key={integration.id} integration={integration} onDelete={onDelete} />
      ))}
    </CardList>
  );
}

function IntegrationCard({
  integration,
  onDelete,
}: {
  integration: Integration;
  onDelete: IntegrationListProps['onDelete'];
}) {
  const { type, isActive, createdAt, inboundUrl } = integration;
  const name = withoutBidiControls(integration.name);
  return (
    <Box component="li" aria-label={name} sx={{ ...cardSx, display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 1.5 }}>
        <Box sx={{ flex: '1 1 12rem', minWidth: 0 }}>
          <Typography variant="h5" component="h3" sx={{ overflowWrap: 'anywhere' }}>
            <UserText>{integration.name}</UserText>
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {INTEGRATION_TYPE_LABELS[type]} · Added <time dateTime={createdAt}>{formatDate(createdAt)}</time>
          </Typography>
        </Box>
        <Chip
          label={isActive ? 'Connected' : 'Disconnected'}
          color={isActive ? 'success' : 'default'}
          size="small"
          variant="outlined"
        />
      </Box>
      <CopyableValue
        label="Inbound event URL"
        value={inboundUrl}
        copyLabel={`inbound event URL of ${name}`}
      />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button
          size="small"
          color="error"
          startIcon={<DeleteOutlineRounded aria-hidden />}
          aria-label={`Delete ${name}`}
          onClick={(event) => onDelete(integration, event.currentTarget)}
        >
          Delete
        </Button>
      </Box>
    </Box>
  );
}

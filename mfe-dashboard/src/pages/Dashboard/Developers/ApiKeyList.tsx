import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { ApiKey } from '@portal/contracts';
import { formatDate, formatDateTime, formatRelative } from '@portal/ui/format-date';
import { UserText, withoutBidiControls } from '@portal/ui/user-text';
import { CardList, cardSx } from '../../../components/CardList';
import { apiKeyStatusLabel, isLiveKey, monoSx } from './developer-labels';

export type ApiKeyAction = 'roll' | 'revoke';

export interface ApiKeyListProps {
  keys: readonly ApiKey[];
  onAction: (action: ApiKeyAction, key: ApiKey, opener: HTMLElement) => void;
}

function StatusChip({ apiKey }: { apiKey: ApiKey }) {
  const { label, color } = apiKeyStatusLabel(apiKey);
  return <Chip label={label} color={color} size="small" variant="outlined" />;
}

const Prefix = ({ apiKey }: { apiKey: ApiKey }) => (
  <Box component="code" sx={{ ...monoSx, whiteSpace: 'nowrap' }}>
    {apiKey.prefix}…
  </Box>
);

const Scopes = ({ apiKey }: { apiKey: ApiKey }) => (
  <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
    {apiKey.scopes.map((scope) => (
      <Chip key={scope} label={scope} size="small" sx={{ ...monoSx, fontSize: '0.75rem' }} />
    ))}
  </Box>
);

const Created = ({ apiKey }: { apiKey: ApiKey }) => (
  <>
    <time dateTime={apiKey.createdAt}>{formatDate(apiKey.createdAt)}</time>
    {apiKey.createdBy && (
      <>
        {' by '}
        <UserText>{apiKey.createdBy.name}</UserText>
      </>
    )}
  </>
);

const LastUsed = ({ apiKey }: { apiKey: ApiKey }) =>
  apiKey.lastUsedAt ? (
    <time dateTime={apiKey.lastUsedAt} title={formatDateTime(apiKey.lastUsedAt)}>
      {formatRelative(apiKey.lastUsedAt)}
    </time>
  ) : (
    <Box component="span" sx={{ color: 'text.secondary' }}>
      Never used
    </Box>
  );

function Actions({ apiKey, onAction }: { apiKey: ApiKey; onAction: ApiKeyListProps['onAction'] }) {
  if (!isLiveKey(apiKey)) return null;
  const name = withoutBidiControls(apiKey.name);
  return (
    <Box sx={{ display: 'flex', gap: 1, justifyContent: { sm: 'flex-end' } }}>
      {/* A rolled key (expiring) has already been replaced: it can only be revoked early. */}
      {apiKey.status === 'active' && (
        <Button
          size="small"
          variant="outlined"
          color="inherit"
          aria-label={`Roll ${name}`}
          onClick={(event) => onAction('roll', apiKey, event.currentTarget)}
        >
          Roll
        </Button>
      )}
      <Button
        size="small"
        variant="outlined"
        color="error"
        aria-label={`Revoke ${name}`}
        onClick={(event) => onAction('revoke', apiKey, event.currentTarget)}
      >
        Revoke
      </Button>
    </Box>
  );
}

/** The organization's API keys: a table from 600 px, cards on phones. Never the key itself, only its prefix. */
export function ApiKeyList({ keys, onAction }: ApiKeyListProps) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  if (phone) {
    return (
      <CardList label="API keys">
        {keys.map((apiKey) => (
          <Box
            component="li"
            key={apiKey.id}
            aria-label={withoutBidiControls(apiKey.name)}
            sx={{ ...cardSx, display: 'grid', gap: 1.25 }}
          >
            <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, justifyContent: 'space-between' }}>
              <Typography variant="h5" component="h4" sx={{ overflowWrap: 'anywhere' }}>
                <UserText>{apiKey.name}</UserText>
              </Typography>
              <StatusChip apiKey={apiKey} />
            </Box>
            <Prefix apiKey={apiKey} />
            <Scopes apiKey={apiKey} />
            <Typography variant="body2" color="text.secondary">
              Created <Created apiKey={apiKey} />
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Last used: <LastUsed apiKey={apiKey} />
            </Typography>
            <Actions apiKey={apiKey} onAction={onAction} />
          </Box>
        ))}
      </CardList>
    );
  }
  return (
    <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 3, bgcolor: 'background.paper' }}>
      <Table aria-label="API keys" size="small" sx={{ '& td, & th': { py: 1.25 } }}>
        <TableHead>
          <TableRow>
            <TableCell>Name</TableCell>
            <TableCell>Key</TableCell>
            <TableCell>Scopes</TableCell>
            <TableCell>Created</TableCell>
            <TableCell>Last used</TableCell>
            <TableCell>Status</TableCell>
            <TableCell align="right">Actions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {keys.map((apiKey) => (
            <TableRow key={apiKey.id} sx={{ '&:last-child td': { borderBottom: 0 } }}>
              <TableCell component="th" scope="row" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                <UserText>{apiKey.name}</UserText>
              </TableCell>
              <TableCell>
                <Prefix apiKey={apiKey} />
              </TableCell>
              <TableCell>
                <Scopes apiKey={apiKey} />
              </TableCell>
              <TableCell>
                <Created apiKey={apiKey} />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <LastUsed apiKey={apiKey} />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <StatusChip apiKey={apiKey} />
              </TableCell>
              <TableCell align="right">
                <Actions apiKey={apiKey} onAction={onAction} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

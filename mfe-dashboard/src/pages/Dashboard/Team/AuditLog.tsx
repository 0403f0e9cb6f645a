import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { UserText } from '@portal/ui/user-text';
import { useTeamAuditQuery } from '../../../api/team-api';
import { ListSkeleton } from '../../../components/ListSkeleton';
import { LoadError } from '../../../components/LoadError';
import { OutlinedList } from '../../../components/OutlinedList';
import { useFailureToast } from '../../../components/useFailureToast';
import { formatDateTime, formatRelative } from '@portal/ui/format-date';

/** One page of 50 entries; the last page shown offers the next. */
function AuditPage({
  cursor,
  last,
  onMore,
}: {
  cursor: string | null;
  last: boolean;
  onMore: (next: string) => void;
}) {
  const audit = useTeamAuditQuery(cursor);
  useFailureToast(audit, 'Failed to fetch the activity log');
  if (audit.isError) {
    return (
      <li>
        <LoadError title="We could not load the activity log." onRetry={() => void audit.refetch()} />
      </li>
    );
  }
  if (!audit.data) {
    return (
      <li>
        <ListSkeleton label="Loading activity" rows={2} rowHeight={40} />
      </li>
    );
  }
  const { entries, nextCursor } = audit.data;
  return (
    <>
      {cursor === null && entries.length === 0 && (
        <Typography component="li" color="text.secondary">
          No changes yet: invitations, role changes and departures will be listed here.
        </Typography>
      )}
      {entries.map((entry) => (
        <Box
          component="li"
          key={entry.id}
          sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, rowGap: 0.5 }}
        >
          <Typography sx={{ flex: '1 1 260px', overflowWrap: 'anywhere' }}>
            <UserText>{entry.summary}</UserText>
          </Typography>
          <Typography variant="body2" color="text.secondary">
            <time dateTime={entry.at} title={formatDateTime(entry.at)}>
              {formatRelative(entry.at)}
            </time>
          </Typography>
        </Box>
      ))}
      {last && nextCursor && (
        <Box component="li" sx={{ textAlign: 'center' }}>
          <Button color="inherit" variant="outlined" onClick={() => onMore(nextCursor)}>
            Load more
          </Button>
        </Box>
      )}
    </>
  );
}

/** Every change to the team (who, what, when), newest first, 50 at a time. */
export function AuditLog() {
  const headingId = useId();
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h5" component="h3" sx={{ mb: 1.5 }}>
        Activity
      </Typography>
      <OutlinedList labelledBy={headingId}>
        {cursors.map((cursor, index) => (
          <AuditPage
            key={cursor ?? 'first'}
            cursor={cursor}
            last={index === cursors.length - 1}
            onMore={(next) => setCursors((shown) => [...shown, next])}
          />
        ))}
      </OutlinedList>
    </Box>
  );
}

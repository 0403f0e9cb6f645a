import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { leadStatuses, type LeadStatus } from '@portal/contracts';
import { showToast, useAppDispatch } from '@portal/store';
import { UserText } from '@portal/ui/user-text';
import {
  useAddLeadNoteMutation,
  useLeadQuery,
  useStaffUsersQuery,
  useUpdateLeadMutation,
} from '../../api/staff-api';
import { SelectField } from '../../components/FilterBar';
import { ItemPanel } from '../../components/ItemPanel';
import { errorText } from '../../components/LoadError';
import { formatDateTime, formatMoney, humanize } from '../../format/format';

/** One lead: what they wrote (and their cart), its status, and staff's notes on it. */
export function LeadPanel({ leadId, onClose }: { leadId: string; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const lead = useLeadQuery(leadId);
  const [update, updating] = useUpdateLeadMutation();
  const [addNote, adding] = useAddLeadNoteMutation();
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const authors = [...new Set((lead.data?.notes ?? []).map((entry) => entry.authorId))];
  const users = useStaffUsersQuery(authors, { skip: authors.length === 0 });

  const setStatus = async (id: string, status: LeadStatus) => {
    const result = await update({ id, status });
    dispatch(
      'error' in result
        ? showToast({
            title: 'The status was not changed',
            description: errorText(result.error),
            severity: 'error',
          })
        : showToast({ title: `Lead marked ${humanize(status).toLowerCase()}`, severity: 'success' }),
    );
  };
  const submit = async (event: React.FormEvent, id: string) => {
    event.preventDefault();
    setProblem(null);
    if (!note.trim()) return setProblem('Note is required');
    const result = await addNote({ id, body: { body: note } });
    if ('error' in result) return setProblem(errorText(result.error));
    setNote('');
    dispatch(showToast({ title: 'Note added', severity: 'success' }));
  };

  return (
    <ItemPanel
      what="lead"
      query={lead}
      title={(data) => <UserText>{`${data.firstName} ${data.lastName}`}</UserText>}
      onClose={onClose}
    >
      {(data) => (
        <>
          <Typography variant="body2" color="text.secondary">
            <UserText>{data.email}</UserText>
            {data.company ? ' · ' : ''}
            {data.company ? <UserText>{data.company}</UserText> : null} · {formatDateTime(data.createdAt)}
          </Typography>
          <SelectField
            label="Status"
            value={data.status}
            options={leadStatuses}
            labelOf={humanize}
            disabled={updating.isLoading}
            onChange={(status) => {
              if (status) void setStatus(data.id, status);
            }}
          />
          <Typography
            variant="body2"
            sx={{
              whiteSpace: 'pre-wrap',
              overflowWrap: 'anywhere',
              p: 1.5,
              bgcolor: 'background.default',
              borderRadius: 2,
            }}
          >
            <UserText>{data.message}</UserText>
          </Typography>
          {data.cart && (
            <Box>
              <Typography variant="subtitle2" component="h4">
                Cart sent from checkout · {formatMoney(data.cart.total)} a month
              </Typography>
              <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                {data.cart.items.map((item) => (
                  <li key={item.packageId}>
                    <Typography variant="body2">
                      {item.quantity} × <UserText>{item.name}</UserText> ({formatMoney(item.price)})
                    </Typography>
                  </li>
                ))}
              </Box>
            </Box>
          )}
          <Typography variant="subtitle2" component="h4">
            Notes
          </Typography>
          {data.notes.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              No notes yet.
            </Typography>
          ) : (
            <Box component="ol" sx={{ m: 0, p: 0, display: 'grid', gap: 1 }}>
              {data.notes.map((entry) => (
                <Box
                  component="li"
                  key={entry.id}
                  sx={{ listStyle: 'none', p: 1, border: 1, borderColor: 'divider', borderRadius: 1.5 }}
                >
                  <Typography variant="caption" color="text.secondary">
                    {users.data?.users.find((user) => user.id === entry.authorId)?.name ?? 'Staff'} ·{' '}
                    {formatDateTime(entry.createdAt)}
                  </Typography>
                  <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
                    <UserText>{entry.body}</UserText>
                  </Typography>
                </Box>
              ))}
            </Box>
          )}
          <Box
            component="form"
            onSubmit={(event) => void submit(event, data.id)}
            noValidate
            sx={{ display: 'grid', gap: 1 }}
          >
            <TextField
              multiline
              minRows={2}
              label="Add a note"
              value={note}
              onChange={(event) => setNote(event.target.value)}
              error={problem !== null}
              helperText={problem ?? 'Only staff see notes.'}
            />
            <Box>
              <Button type="submit" variant="contained" disabled={adding.isLoading}>
                Add note
              </Button>
            </Box>
          </Box>
        </>
      )}
    </ItemPanel>
  );
}

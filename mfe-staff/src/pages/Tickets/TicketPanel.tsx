import { useImperativeHandle, useRef, useState, type Ref } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import LockRounded from '@mui/icons-material/LockRounded';
import {
  ticketPriorities,
  ticketStatuses,
  type StaffTicket,
  type UpdateStaffTicketRequest,
} from '@portal/contracts';
import { selectSessionUser, serverMessage, showToast, useAppDispatch, useAppSelector } from '@portal/store';
import { AttachFilesButton, ChosenFiles, useAttachmentUploads } from '@portal/ui/attachments';
import { UserText } from '@portal/ui/user-text';
import {
  useStaffReplyMutation,
  useStaffTicketQuery,
  useStaffUsersQuery,
  useUpdateStaffTicketMutation,
  useUploadStaffAttachmentMutation,
} from '../../api/staff-api';
import { SelectField } from '../../components/FilterBar';
import { ItemPanel } from '../../components/ItemPanel';
import { errorText } from '../../components/LoadError';
import { formatDateTime } from '../../format/format';
import { AttachmentButton } from './AttachmentButton';
import { CustomerContext } from './CustomerContext';
import { PRIORITY_LABELS, STATUS_LABELS, slaText } from './ticket-labels';

export interface PanelActions {
  assignToMe: () => void;
  reply: () => void;
  note: () => void;
  close: () => void;
}

export interface TicketPanelProps {
  ticketId: string;
  onClose: () => void;
  /** What the queue's keys do to this ticket. */
  actions: Ref<PanelActions | null>;
}

/**
 * One ticket beside the queue: its status, priority and assignee to change, the customer's context,
 * the thread (internal notes marked, never shown to the customer), and a reply or an internal note.
 */
export function TicketPanel({ ticketId, onClose, actions }: TicketPanelProps) {
  const dispatch = useAppDispatch();
  const me = useAppSelector(selectSessionUser);
  const detail = useStaffTicketQuery(ticketId);
  const [update, updating] = useUpdateStaffTicketMutation();
  const [send, sending] = useStaffReplyMutation();
  const [upload] = useUploadStaffAttachmentMutation();
  const uploads = useAttachmentUploads((file) => upload(file).unwrap(), serverMessage);
  const [mode, setMode] = useState<'reply' | 'note'>('reply');
  const [body, setBody] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const composer = useRef<HTMLTextAreaElement>(null);
  const ticket = detail.data?.ticket;
  const people = [
    ...new Set([
      ticket?.customerId,
      ticket?.assigneeId,
      ...(detail.data?.messages ?? []).map((m) => m.authorId),
    ]),
  ].filter(Boolean) as string[];
  const users = useStaffUsersQuery(people, { skip: people.length === 0 });
  const nameOf = (id: string | null | undefined) =>
    (id && users.data?.users.find((user) => user.id === id)?.name) || (id === me?.id ? me?.name : undefined);

  const change = async (body: UpdateStaffTicketRequest, done: string) => {
    if (!ticket) return;
    const result = await update({ id: ticket.id, body });
    if ('error' in result)
      dispatch(
        showToast({
          title: 'The ticket was not changed',
          description: errorText(result.error),
          severity: 'error',
        }),
      );
    else dispatch(showToast({ title: done, severity: 'success' }));
  };

  const focusComposer = (next: 'reply' | 'note') => {
    setMode(next);
    composer.current?.focus();
  };
  useImperativeHandle(actions, () => ({
    assignToMe: () => void change({ assigneeId: 'me' }, 'Assigned to you'),
    reply: () => focusComposer('reply'),
    note: () => focusComposer('note'),
    close: () => void change({ status: 'closed' }, 'Ticket closed'),
  }));

  const submit = async (event: React.FormEvent, ticketId: string) => {
    event.preventDefault();
    setProblem(null);
    if (!body.trim()) {
      setProblem('Message is required');
      composer.current?.focus();
      return;
    }
    const result = await send({
      id: ticketId,
      body: { body, internal: mode === 'note', attachmentIds: uploads.ids },
    });
    if ('error' in result) {
      setProblem(errorText(result.error));
      composer.current?.focus();
      return;
    }
    setBody('');
    uploads.clear();
    dispatch(
      showToast({
        title: mode === 'note' ? 'Internal note added' : 'Reply sent to the customer',
        severity: 'success',
      }),
    );
  };

  return (
    <ItemPanel
      what="ticket"
      query={detail}
      title={(data) => <UserText>{data.ticket.title}</UserText>}
      onClose={onClose}
    >
      {({ ticket, messages }) => {
        const closed = ticket.status === 'closed';
        const sla = slaText(ticket);
        return (
          <>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
              {ticket.breaching && <Chip size="small" color="error" label="Breaching" />}
              <Typography variant="body2" color={ticket.breaching ? 'error.light' : 'text.secondary'}>
                {sla ??
                  `${STATUS_LABELS[ticket.status]} ${ticket.closedAt ? formatDateTime(ticket.closedAt) : ''}`}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                Opened {formatDateTime(ticket.createdAt)} by {nameOf(ticket.customerId) ?? 'the customer'}
              </Typography>
            </Box>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
              <SelectField
                label="Status"
                value={ticket.status}
                options={ticketStatuses}
                labelOf={(status) => STATUS_LABELS[status]}
                disabled={updating.isLoading}
                onChange={(status) => void change({ status }, 'Status changed')}
              />
              <SelectField
                label="Priority"
                value={ticket.priority}
                options={ticketPriorities}
                labelOf={(priority) => PRIORITY_LABELS[priority]}
                disabled={updating.isLoading}
                onChange={(priority) => void change({ priority }, 'Priority changed')}
              />
              <Assignee
                ticket={ticket}
                myId={me?.id}
                name={nameOf(ticket.assigneeId)}
                busy={updating.isLoading}
                onChange={change}
              />
            </Box>
            <CustomerContext
              organizationId={ticket.organizationId}
              customerId={ticket.customerId}
              customerName={nameOf(ticket.customerId)}
            />
            <Box component="ol" aria-label="Conversation" sx={{ m: 0, p: 0, display: 'grid', gap: 1 }}>
              {messages.map((message) => (
                <Box
                  component="li"
                  key={message.id}
                  sx={{
                    listStyle: 'none',
                    p: 1.5,
                    borderRadius: 2,
                    border: 1,
                    borderStyle: message.internal ? 'dashed' : 'solid',
                    borderColor: message.internal
                      ? 'warning.main'
                      : message.author === 'staff'
                        ? 'primary.dark'
                        : 'divider',
                    bgcolor: message.internal ? 'rgba(255, 183, 77, 0.06)' : 'background.default',
                  }}
                >
                  <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 0.5 }}>
                    <Typography variant="subtitle2" component="p">
                      {nameOf(message.authorId) ?? (message.author === 'staff' ? 'Support' : 'Customer')}
                      {message.author === 'staff' ? ' (staff)' : ' (customer)'}
                    </Typography>
                    {message.internal && (
                      <Chip
                        size="small"
                        icon={<LockRounded aria-hidden />}
                        label="Internal note"
                        color="warning"
                        variant="outlined"
                      />
                    )}
                    <Typography
                      variant="caption"
                      color="text.secondary"
                      component="time"
                      dateTime={message.createdAt}
                    >
                      {formatDateTime(message.createdAt)}
                    </Typography>
                  </Box>
                  <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    <UserText>{message.body}</UserText>
                  </Typography>
                  {message.attachments.length > 0 && (
                    <Box
                      sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}
                      aria-label="Attachments"
                      role="group"
                    >
                      {message.attachments.map((file) => (
                        <AttachmentButton key={file.id} ticketId={ticket.id} file={file} />
                      ))}
                    </Box>
                  )}
                </Box>
              ))}
            </Box>
            <Box
              component="form"
              onSubmit={(event) => void submit(event, ticket.id)}
              noValidate
              sx={{ display: 'grid', gap: 1 }}
            >
              <ToggleButtonGroup
                exclusive
                size="small"
                value={mode}
                onChange={(_event, next: 'reply' | 'note' | null) => next && setMode(next)}
                aria-label="Write"
              >
                <ToggleButton value="reply">Reply to customer</ToggleButton>
                <ToggleButton value="note">Internal note</ToggleButton>
              </ToggleButtonGroup>
              {closed && mode === 'reply' && (
                <Alert severity="info">
                  This ticket is closed: reopen it (Status: Open) before replying. Notes can still be added.
                </Alert>
              )}
              <TextField
                inputRef={composer}
                multiline
                minRows={3}
                label={mode === 'note' ? 'Internal note (only staff see it)' : 'Reply to the customer'}
                value={body}
                onChange={(event) => setBody(event.target.value)}
                error={problem !== null}
                helperText={
                  problem ??
                  (mode === 'note'
                    ? 'The customer never sees internal notes.'
                    : 'The customer is emailed a link to the ticket.')
                }
              />
              <ChosenFiles uploads={uploads} />
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: 'space-between' }}>
                <AttachFilesButton uploads={uploads} />
                <Button
                  type="submit"
                  variant="contained"
                  disabled={sending.isLoading || uploads.uploading || (closed && mode === 'reply')}
                >
                  {mode === 'note' ? 'Add note' : 'Send reply'}
                </Button>
              </Box>
            </Box>
          </>
        );
      }}
    </ItemPanel>
  );
}

function Assignee({
  ticket,
  myId,
  name,
  busy,
  onChange,
}: {
  ticket: StaffTicket;
  myId: string | undefined;
  name: string | undefined;
  busy: boolean;
  onChange: (body: UpdateStaffTicketRequest, done: string) => Promise<void>;
}) {
  const mine = ticket.assigneeId !== null && ticket.assigneeId === myId;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <Typography variant="body2" color="text.secondary">
        {ticket.assigneeId === null
          ? 'Unassigned'
          : mine
            ? 'Assigned to you'
            : `Assigned to ${name ?? 'a colleague'}`}
      </Typography>
      {mine ? (
        <Button
          size="small"
          disabled={busy}
          onClick={() => void onChange({ assigneeId: null }, 'Unassigned')}
        >
          Unassign
        </Button>
      ) : (
        <Button
          size="small"
          variant="outlined"
          disabled={busy}
          onClick={() => void onChange({ assigneeId: 'me' }, 'Assigned to you')}
        >
          Assign to me
        </Button>
      )}
    </Box>
  );
}

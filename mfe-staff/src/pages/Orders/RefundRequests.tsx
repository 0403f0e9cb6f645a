import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogContentText from '@mui/material/DialogContentText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { canRefund, type StaffRefundRequest, subscriptionMessages } from '@portal/contracts';
import { selectSessionUser, showToast, useAppDispatch, useAppSelector } from '@portal/store';
import { FormDialog } from '@portal/ui/form-dialog';
import {
  useApproveRefundRequestMutation,
  useDeclineRefundRequestMutation,
  useRefundRequestsQuery,
} from '../../api/staff-api';
import { ListSkeleton } from '../../components/ListSkeleton';
import { errorText, LoadError } from '../../components/LoadError';
import { formatDateTime, formatMoney } from '../../format/format';

const customerOf = (request: StaffRefundRequest) =>
  request.organizationName ?? `Organization ${request.organizationId.slice(0, 8)}`;

/**
 * Customers' 30-day money-back requests waiting for a decision (ADR 0233), above the orders: whose,
 * what for, how much and why. Approving refunds the amount through Stripe; declining asks for the reason
 * the customer will read. Only the staff roles that move money see the buttons.
 */
export function RefundRequests() {
  const headingId = useId();
  const mayDecide = canRefund(useAppSelector(selectSessionUser)?.role);
  const requests = useRefundRequestsQuery('requested');
  const [approving, setApproving] = useState<StaffRefundRequest | null>(null);
  const [declining, setDeclining] = useState<StaffRefundRequest | null>(null);

  let body: React.ReactNode;
  if (requests.isLoading) body = <ListSkeleton label="Loading refund requests…" rows={2} />;
  else if (requests.isError || !requests.data)
    body = (
      <LoadError
        title="We could not load the refund requests."
        error={requests.error}
        onRetry={() => void requests.refetch()}
      />
    );
  else if (requests.data.requests.length === 0)
    body = <Typography color="text.secondary">No refund requests are waiting for a decision.</Typography>;
  else
    body = (
      <Box
        component="ul"
        aria-labelledby={headingId}
        sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}
      >
        {requests.data.requests.map((request) => (
          <Box
            component="li"
            key={request.id}
            aria-label={`Refund request of ${customerOf(request)}`}
            sx={{
              border: 1,
              borderColor: 'divider',
              borderRadius: 2,
              p: 1.5,
              display: 'flex',
              flexWrap: 'wrap',
              gap: 1.5,
              alignItems: 'center',
            }}
          >
            <Box sx={{ flex: '1 1 16rem', minWidth: 0 }}>
              <Typography sx={{ fontWeight: 600 }}>
                {customerOf(request)}: {formatMoney(request.amount)}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {request.packageName} × {request.quantity}, order {request.orderId.slice(0, 8)}, asked{' '}
                {formatDateTime(request.requestedAt)}
              </Typography>
              <Typography variant="body2" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
                “{request.reason}”
              </Typography>
            </Box>
            {mayDecide && (
              <Box sx={{ display: 'flex', gap: 1 }}>
                <Button variant="contained" color="warning" onClick={() => setApproving(request)}>
                  Approve
                </Button>
                <Button variant="outlined" color="inherit" onClick={() => setDeclining(request)}>
                  Decline
                </Button>
              </Box>
            )}
          </Box>
        ))}
      </Box>
    );

  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mb: 3 }}>
      <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 1 }}>
        Refund requests
      </Typography>
      {body}
      {approving && <ApproveDialog request={approving} onClose={() => setApproving(null)} />}
      {declining && <DeclineDialog request={declining} onClose={() => setDeclining(null)} />}
    </Box>
  );
}

function ApproveDialog({ request, onClose }: { request: StaffRefundRequest; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const [approve, approval] = useApproveRefundRequestMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const confirm = async () => {
    setProblem(null);
    const result = await approve(request);
    if ('error' in result) return setProblem(errorText(result.error));
    dispatch(
      showToast({ title: `Refund of ${formatMoney(result.data.amount)} approved`, severity: 'success' }),
    );
    onClose();
  };
  return (
    <FormDialog
      title="Approve the refund?"
      onSubmit={confirm}
      onClose={onClose}
      submitLabel={`Refund ${formatMoney(request.amount)}`}
      submitColor="warning"
      busy={approval.isLoading}
      problem={problem}
    >
      <DialogContentText>
        {formatMoney(request.amount)} goes back to {customerOf(request)}&apos;s card through Stripe, and their{' '}
        {request.packageName} subscription ends now.
      </DialogContentText>
    </FormDialog>
  );
}

function DeclineDialog({ request, onClose }: { request: StaffRefundRequest; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const [decline, declining] = useDeclineRefundRequestMutation();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async () => {
    setProblem(null);
    if (!reason.trim()) return setProblem(subscriptionMessages.declineReasonRequired);
    const result = await decline({ id: request.id, reason: reason.trim() });
    if ('error' in result) return setProblem(errorText(result.error));
    dispatch(showToast({ title: 'Refund request declined', severity: 'success' }));
    onClose();
  };
  return (
    <FormDialog
      title="Decline the refund?"
      onSubmit={submit}
      onClose={onClose}
      submitLabel="Decline"
      busy={declining.isLoading}
      problem={problem}
    >
      <DialogContentText>
        {customerOf(request)} asked for {formatMoney(request.amount)} back. They will read your reason.
      </DialogContentText>
      <TextField
        label="Reason for the customer"
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        multiline
        minRows={2}
        autoFocus
        required
        slotProps={{ htmlInput: { maxLength: 1000 } }}
      />
    </FormDialog>
  );
}

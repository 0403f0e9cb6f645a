import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { MAX_ITEM_QUANTITY, MIN_ITEM_QUANTITY, type Subscription } from '@portal/contracts';
import { serverMessage, showToast, useAppDispatch } from '@portal/store';
import { formatDate } from '@portal/ui/format-date';
import { formatMoney } from '../../../format/money';
import { dialogPaperSx } from '../Integrations/dialog-paper';
import { monthly } from './subscription-price';
import { useCatalogQuery, useRequestRefundMutation, useScheduleChangeMutation } from './subscriptions-api';

const failed = (error: unknown) => serverMessage(error) ?? 'Please try again in a moment.';

/** A new quantity or package, from the next billing cycle (the current one stays as it is). */
export function ChangePlanDialog({
  subscription,
  onClose,
}: {
  subscription: Subscription;
  onClose: () => void;
}) {
  const dispatch = useAppDispatch();
  const titleId = useId();
  const catalog = useCatalogQuery();
  const [schedule, scheduling] = useScheduleChangeMutation();
  const [packageId, setPackageId] = useState(subscription.pendingChange?.packageId ?? subscription.packageId);
  const [quantity, setQuantity] = useState(
    String(subscription.pendingChange?.quantity ?? subscription.quantity),
  );
  const [problem, setProblem] = useState<string | null>(null);
  const effective = formatDate(subscription.currentPeriodEnd);
  const chosen = catalog.data?.find((each) => each.id === packageId);
  const count = Number(quantity);
  const validQuantity = /^\d+$/.test(quantity) && count >= MIN_ITEM_QUANTITY && count <= MAX_ITEM_QUANTITY;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setProblem(null);
    if (!validQuantity)
      return setProblem(`Quantity must be a whole number from ${MIN_ITEM_QUANTITY} to ${MAX_ITEM_QUANTITY}`);
    if (packageId === subscription.packageId && count === subscription.quantity)
      return setProblem('Choose another quantity or package than the current one');
    const result = await schedule({ id: subscription.id, body: { packageId, quantity: count } });
    if ('error' in result) return setProblem(failed(result.error));
    dispatch(showToast({ title: `Change scheduled for ${effective}`, severity: 'success' }));
    onClose();
  };

  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
      slotProps={{ paper: { sx: dialogPaperSx } }}
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId} component="h2" variant="h4">
          Change {subscription.packageName}
        </DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2 }}>
          <DialogContentText>
            The change takes effect on {effective}, at your next billing cycle. Until then you keep{' '}
            {subscription.packageName} × {subscription.quantity}.
          </DialogContentText>
          <TextField
            select
            label="Package"
            value={catalog.data ? packageId : ''}
            onChange={(event) => setPackageId(event.target.value)}
            disabled={!catalog.data}
            helperText={catalog.isError ? 'We could not load the packages.' : undefined}
            error={catalog.isError}
          >
            {(catalog.data ?? []).map((each) => (
              <MenuItem key={each.id} value={each.id}>
                {each.name} ({formatMoney(each.price)} a month)
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label="Quantity"
            value={quantity}
            onChange={(event) => setQuantity(event.target.value)}
            inputMode="numeric"
            slotProps={{ htmlInput: { min: MIN_ITEM_QUANTITY, max: MAX_ITEM_QUANTITY } }}
            helperText={chosen && validQuantity ? `From ${effective}: ${monthly(chosen.price, count)}` : ' '}
          />
          {problem && <Alert severity="error">{problem}</Alert>}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 3 }}>
          <Button color="inherit" onClick={onClose} disabled={scheduling.isLoading}>
            Keep as is
          </Button>
          <Button type="submit" variant="contained" loading={scheduling.isLoading} disabled={!catalog.data}>
            Schedule change
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** The 30-day money-back request, with a reason; staff review it. */
export function RefundRequestDialog({
  subscription,
  onClose,
}: {
  subscription: Subscription;
  onClose: () => void;
}) {
  const dispatch = useAppDispatch();
  const titleId = useId();
  const [request, requesting] = useRequestRefundMutation();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setProblem(null);
    if (!reason.trim()) return setProblem('Please tell us why you are asking for a refund');
    const result = await request({ id: subscription.id, reason: reason.trim() });
    if ('error' in result) return setProblem(failed(result.error));
    dispatch(showToast({ title: 'Refund requested: we will review it shortly', severity: 'success' }));
    onClose();
  };
  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
      slotProps={{ paper: { sx: dialogPaperSx } }}
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId} component="h2" variant="h4">
          Request a refund
        </DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2 }}>
          <DialogContentText>
            Our 30-day money-back guarantee refunds {formatMoney(subscription.refundAmount)}, what you paid
            for {subscription.packageName}, to your card. You can ask until{' '}
            {formatDate(subscription.refundableUntil!)}. Once approved, the subscription ends at once.
          </DialogContentText>
          <TextField
            label="Why are you asking for a refund?"
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            multiline
            minRows={3}
            required
            autoFocus
            slotProps={{ htmlInput: { maxLength: 1000 } }}
          />
          {problem && <Alert severity="error">{problem}</Alert>}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 3 }}>
          <Button color="inherit" onClick={onClose} disabled={requesting.isLoading}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={requesting.isLoading}>
            Request refund
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

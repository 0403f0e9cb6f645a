import { useState } from 'react';
import DialogContentText from '@mui/material/DialogContentText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { MAX_ITEM_QUANTITY, MIN_ITEM_QUANTITY, type Subscription } from '@portal/contracts';
import { serverMessage, showToast, useAppDispatch } from '@portal/store';
import { formatDate } from '@portal/ui/format-date';
import { FormDialog } from '@portal/ui/form-dialog';
import { formatMoney } from '../../../format/money';
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

  const submit = async () => {
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
    <FormDialog
      title={`Change ${subscription.packageName}`}
      titleVariant="h4"
      onSubmit={submit}
      onClose={onClose}
      cancelLabel="Keep as is"
      submitLabel="Schedule change"
      submitDisabled={!catalog.data}
      busy={scheduling.isLoading}
      problem={problem}
    >
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
    </FormDialog>
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
  const [request, requesting] = useRequestRefundMutation();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async () => {
    setProblem(null);
    if (!reason.trim()) return setProblem('Please tell us why you are asking for a refund');
    const result = await request({ id: subscription.id, reason: reason.trim() });
    if ('error' in result) return setProblem(failed(result.error));
    dispatch(showToast({ title: 'Refund requested: we will review it shortly', severity: 'success' }));
    onClose();
  };
  return (
    <FormDialog
      title="Request a refund"
      titleVariant="h4"
      onSubmit={submit}
      onClose={onClose}
      submitLabel="Request refund"
      busy={requesting.isLoading}
      problem={problem}
    >
      <DialogContentText>
        Our 30-day money-back guarantee refunds {formatMoney(subscription.refundAmount)}, what you paid for{' '}
        {subscription.packageName}, to your card. You can ask until{' '}
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
    </FormDialog>
  );
}

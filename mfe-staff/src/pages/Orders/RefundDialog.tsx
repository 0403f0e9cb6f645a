import { useState } from 'react';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { refundReasons, type RefundReason, type StaffOrderDetail } from '@portal/contracts';
import { showToast, useAppDispatch } from '@portal/store';
import { FormDialog } from '@portal/ui/form-dialog';
import { useRefundOrderMutation } from '../../api/staff-api';
import { errorText } from '../../components/LoadError';
import { centsOf, formatMoney, humanize, parseAmount } from '../../format/format';

/**
 * Refund through Stripe: everything left, or part of it (an amount up to what is left; the server
 * refuses more). One idempotency key per dialog, so a retry after a lost answer refunds once.
 */
export function RefundDialog({ order, onClose }: { order: StaffOrderDetail; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const [refund, refunding] = useRefundOrderMutation();
  const [kind, setKind] = useState<'full' | 'partial'>('full');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState<RefundReason | ''>('requested_by_customer');
  const [problem, setProblem] = useState<string | null>(null);
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const left = centsOf(order.refundable);

  const submit = async () => {
    setProblem(null);
    let partial: string | undefined;
    if (kind === 'partial') {
      const parsed = parseAmount(amount);
      if (!parsed || centsOf(parsed) === 0)
        return setProblem('Enter an amount such as 25.00, more than 0.00');
      if (centsOf(parsed) > left)
        return setProblem(`At most ${formatMoney(order.refundable)} is left to refund`);
      partial = parsed;
    }
    const result = await refund({
      id: order.id,
      idempotencyKey,
      body: { ...(partial ? { amount: partial } : {}), ...(reason ? { reason } : {}) },
    });
    if ('error' in result) return setProblem(errorText(result.error));
    dispatch(
      showToast({
        title: `Refund of ${formatMoney(result.data.refund.amount)} ${result.data.refund.status === 'succeeded' ? 'made' : humanize(result.data.refund.status).toLowerCase()}`,
        severity: result.data.refund.status === 'failed' ? 'error' : 'success',
      }),
    );
    onClose();
  };

  return (
    <FormDialog
      title={`Refund order ${order.id.slice(0, 8)}`}
      onSubmit={submit}
      onClose={onClose}
      submitLabel="Refund"
      submitColor="warning"
      busy={refunding.isLoading}
      problem={problem}
    >
      <Typography variant="body2" color="text.secondary">
        Paid {formatMoney(order.amountPaid)}, refunded {formatMoney(order.amountRefunded)}:{' '}
        {formatMoney(order.refundable)} left. The money goes back to the customer&apos;s card through Stripe.
      </Typography>
      <RadioGroup
        value={kind}
        onChange={(event) => setKind(event.target.value as 'full' | 'partial')}
        aria-label="How much"
      >
        <FormControlLabel
          value="full"
          control={<Radio />}
          label={`Everything left (${formatMoney(order.refundable)})`}
        />
        <FormControlLabel value="partial" control={<Radio />} label="Part of it" />
      </RadioGroup>
      {kind === 'partial' && (
        <TextField
          label="Amount (USD)"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          inputMode="decimal"
          autoFocus
          placeholder="25.00"
        />
      )}
      <TextField
        select
        label="Reason"
        value={reason}
        onChange={(event) => setReason(event.target.value as RefundReason | '')}
      >
        <MenuItem value="">No reason given</MenuItem>
        {refundReasons.map((value) => (
          <MenuItem key={value} value={value}>
            {humanize(value)}
          </MenuItem>
        ))}
      </TextField>
    </FormDialog>
  );
}

import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { Subscription } from '@portal/contracts';
import { serverMessage, showToast, useAppDispatch } from '@portal/store';
import { formatDate } from '@portal/ui/format-date';
import { ListSkeleton } from '../../../components/ListSkeleton';
import { LoadError } from '../../../components/LoadError';
import { formatMoney } from '../../../format/money';
import { ConfirmDialog } from '../Team/ConfirmDialog';
import { ChangePlanDialog, RefundRequestDialog } from './SubscriptionDialogs';
import { monthly } from './subscription-price';
import {
  useCancelSubscriptionMutation,
  useSubscriptionsQuery,
  useUndoChangeMutation,
} from './subscriptions-api';

const Day = ({ iso }: { iso: string }) => <time dateTime={iso}>{formatDate(iso)}</time>;

function statusChip(subscription: Subscription) {
  switch (subscription.status) {
    case 'active':
      return <Chip size="small" color="success" variant="outlined" label="Active" />;
    case 'canceling':
      return (
        <Chip
          size="small"
          color="warning"
          variant="outlined"
          label={`Ends ${formatDate(subscription.endsAt!)}`}
        />
      );
    case 'canceled':
      return <Chip size="small" variant="outlined" label="Canceled" />;
    case 'refunded':
      return <Chip size="small" color="info" variant="outlined" label="Refunded" />;
  }
}

/** Whether the money-back guarantee can still be asked for, now. */
const mayRequestRefund = (subscription: Subscription, now = Date.now()) =>
  subscription.refundableUntil !== null &&
  subscription.refundRequest === null &&
  (subscription.status === 'active' || subscription.status === 'canceling') &&
  now <= new Date(subscription.refundableUntil).getTime();

/**
 * The organization's subscriptions, one per package bought (ADR 0233): what each costs, its next billing
 * date, a change waiting for the next cycle, and the actions: change the plan (from the next cycle),
 * cancel (30 days' notice, with the exact end date), and the 30-day money-back request.
 */
export function Subscriptions() {
  const list = useSubscriptionsQuery();
  let content;
  if (list.data) {
    content =
      list.data.subscriptions.length === 0 ? (
        <Typography color="text.secondary">
          No subscriptions yet. Each package you buy becomes a monthly subscription you can change or cancel
          here.
        </Typography>
      ) : (
        <Box
          component="ul"
          aria-label="Your subscriptions"
          sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 2 }}
        >
          {list.data.subscriptions.map((subscription) => (
            <SubscriptionCard key={subscription.id} subscription={subscription} />
          ))}
        </Box>
      );
  } else if (list.isError) {
    content = <LoadError title="We could not load your subscriptions." onRetry={() => void list.refetch()} />;
  } else {
    content = <ListSkeleton label="Loading subscriptions" rows={2} rowHeight={96} />;
  }
  return (
    <Box component="section" aria-labelledby="subscriptions-heading" sx={{ mb: 5 }}>
      <Typography id="subscriptions-heading" variant="h5" component="h3" sx={{ mb: 0.5 }}>
        Subscriptions
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Plans renew monthly. Changes take effect from your next billing cycle; cancellation needs 30 days’
        notice.
      </Typography>
      {content}
    </Box>
  );
}

function SubscriptionCard({ subscription }: { subscription: Subscription }) {
  const dispatch = useAppDispatch();
  const [dialog, setDialog] = useState<'change' | 'cancel' | 'refund' | null>(null);
  const [cancel, canceling] = useCancelSubscriptionMutation();
  const [undo, undoing] = useUndoChangeMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const live = subscription.status === 'active' || subscription.status === 'canceling';
  const { pendingChange, refundRequest } = subscription;
  const name = `${subscription.packageName} × ${subscription.quantity}`;

  const confirmCancel = async () => {
    setFailure(null);
    const result = await cancel(subscription.id);
    if ('error' in result) return setFailure(serverMessage(result.error) ?? 'Please try again in a moment.');
    dispatch(
      showToast({
        title: `${subscription.packageName} ends ${formatDate(result.data.endsAt!)}`,
        severity: 'success',
      }),
    );
    setDialog(null);
  };
  const undoChange = async () => {
    const result = await undo(subscription.id);
    if ('error' in result) {
      dispatch(
        showToast({
          title: serverMessage(result.error) ?? 'The change could not be undone',
          severity: 'error',
        }),
      );
    } else dispatch(showToast({ title: 'Scheduled change undone', severity: 'success' }));
  };

  return (
    <Box
      component="li"
      aria-label={subscription.packageName}
      sx={{
        border: 1,
        borderColor: 'divider',
        borderRadius: 3,
        p: { xs: 2, sm: 2.5 },
        bgcolor: 'background.paper',
      }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1 }}>
        <Typography variant="h6" component="h4" sx={{ mr: 'auto' }}>
          {name}
        </Typography>
        {statusChip(subscription)}
      </Box>
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: 'auto 1fr' },
          columnGap: 2,
          rowGap: 0.5,
          '& dd': { m: 0, mb: { xs: 1, sm: 0 } },
          '& dt': { color: 'text.secondary' },
        }}
      >
        <dt>Price</dt>
        <dd>{monthly(subscription.unitPrice, subscription.quantity)}</dd>
        <dt>Current period</dt>
        <dd>
          <Day iso={subscription.currentPeriodStart} /> – <Day iso={subscription.currentPeriodEnd} />
        </dd>
        <dt>Next billing date</dt>
        <dd>
          {subscription.nextBillingDate ? (
            <Day iso={subscription.nextBillingDate} />
          ) : (
            'None: no further billing'
          )}
        </dd>
        {subscription.endsAt && (
          <>
            <dt>{subscription.status === 'canceling' ? 'Ends' : 'Ended'}</dt>
            <dd>
              <Day iso={subscription.endsAt} />
            </dd>
          </>
        )}
      </Box>
      {pendingChange && (
        <Box
          sx={{
            mt: 1.5,
            p: 1.5,
            borderRadius: 2,
            bgcolor: 'action.hover',
            display: 'flex',
            flexWrap: 'wrap',
            gap: 1,
            alignItems: 'center',
          }}
        >
          <Typography variant="body2" sx={{ mr: 'auto' }}>
            Scheduled change: from <Day iso={pendingChange.effectiveAt} />, {pendingChange.packageName} ×{' '}
            {pendingChange.quantity} ({monthly(pendingChange.unitPrice, pendingChange.quantity)}).
          </Typography>
          {subscription.status === 'active' && (
            <Button size="small" onClick={undoChange} loading={undoing.isLoading}>
              Undo change
            </Button>
          )}
        </Box>
      )}
      {refundRequest && (
        <Typography variant="body2" role="status" sx={{ mt: 1.5 }}>
          {refundRequest.status === 'requested' &&
            `Refund of ${formatMoney(refundRequest.amount)} requested on ${formatDate(refundRequest.requestedAt)}: our team is reviewing it.`}
          {refundRequest.status === 'approved' &&
            (refundRequest.refundStatus === 'failed' || refundRequest.refundStatus === 'canceled'
              ? `Refund of ${formatMoney(refundRequest.amount)} approved, but your card could not receive it: our team will contact you.`
              : `Refund of ${formatMoney(refundRequest.amount)} approved on ${formatDate(refundRequest.decidedAt!)}${refundRequest.refundStatus === 'succeeded' ? ': refunded to your card.' : ': on its way to your card.'}`)}
          {refundRequest.status === 'declined' &&
            `Refund declined on ${formatDate(refundRequest.decidedAt!)}: ${refundRequest.declineReason ?? ''}`}
        </Typography>
      )}
      {live && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 2 }}>
          {subscription.status === 'active' && (
            <>
              <Button variant="outlined" onClick={() => setDialog('change')}>
                Change plan
              </Button>
              <Button variant="outlined" color="error" onClick={() => setDialog('cancel')}>
                Cancel subscription
              </Button>
            </>
          )}
          {mayRequestRefund(subscription) && (
            <Button color="inherit" onClick={() => setDialog('refund')}>
              Request refund
            </Button>
          )}
        </Box>
      )}
      {dialog === 'change' && (
        <ChangePlanDialog subscription={subscription} onClose={() => setDialog(null)} />
      )}
      {dialog === 'refund' && (
        <RefundRequestDialog subscription={subscription} onClose={() => setDialog(null)} />
      )}
      <ConfirmDialog
        open={dialog === 'cancel'}
        title={`Cancel ${subscription.packageName}?`}
        confirmLabel="Cancel subscription"
        busy={canceling.isLoading}
        failure={failure}
        onConfirm={confirmCancel}
        onClose={() => {
          setFailure(null);
          setDialog(null);
        }}
      >
        {subscription.cancellationWouldEnd
          ? `With 30 days’ notice, your subscription ends on ${formatDate(subscription.cancellationWouldEnd)}, the end of the billing period in which the notice runs out. Service continues and is billed until then.`
          : 'This subscription can no longer be canceled.'}
      </ConfirmDialog>
    </Box>
  );
}

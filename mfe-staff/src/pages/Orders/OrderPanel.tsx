import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { canRefund } from '@portal/contracts';
import { selectSessionUser, useAppSelector } from '@portal/store';
import { RouteLink } from '@portal/ui';
import { UserText } from '@portal/ui/user-text';
import { useStaffOrderQuery } from '../../api/staff-api';
import { ItemPanel } from '../../components/ItemPanel';
import { centsOf, formatDateTime, formatMoney, humanize } from '../../format/format';
import { RefundDialog } from './RefundDialog';

/**
 * One order: items, totals, payment history, refunds, and 'Refund' while something is left to refund,
 * for the staff roles that move money (`canRefund`).
 */
export function OrderPanel({ orderId, onClose }: { orderId: string; onClose: () => void }) {
  const order = useStaffOrderQuery(orderId);
  const mayRefund = canRefund(useAppSelector(selectSessionUser)?.role);
  const [refunding, setRefunding] = useState(false);
  return (
    <ItemPanel what="order" query={order} title={(data) => `Order ${data.id.slice(0, 8)}`} onClose={onClose}>
      {(data) => {
        const refundable = centsOf(data.refundable) > 0;
        return (
          <>
            <Typography variant="body2" color="text.secondary">
              {humanize(data.paymentStatus)} · placed {formatDateTime(data.createdAt)}
              {data.paidAt ? ` · paid ${formatDateTime(data.paidAt)}` : ''}
              {data.invoice ? ` · invoice ${data.invoice.number}` : ''}
            </Typography>
            {data.organizationId && (
              <RouteLink href={`/staff/customers?organization=${data.organizationId}`}>
                The customer&apos;s organization
              </RouteLink>
            )}
            <Box
              component="table"
              sx={{
                width: '100%',
                borderCollapse: 'collapse',
                '& td, & th': { py: 0.5, textAlign: 'left' },
                '& td:last-child, & th:last-child': { textAlign: 'right' },
              }}
            >
              <caption style={{ textAlign: 'left', fontWeight: 600 }}>Items</caption>
              <thead>
                <tr>
                  <th scope="col">Package</th>
                  <th scope="col">Qty</th>
                  <th scope="col">Amount</th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((item) => (
                  <tr key={item.id}>
                    <td>
                      <UserText>{item.name}</UserText>
                    </td>
                    <td>{item.quantity}</td>
                    <td>{formatMoney(item.price)}</td>
                  </tr>
                ))}
                <tr>
                  <th scope="row">Total</th>
                  <td />
                  <td>{formatMoney(data.total)}</td>
                </tr>
                <tr>
                  <th scope="row">Paid</th>
                  <td />
                  <td>{formatMoney(data.amountPaid)}</td>
                </tr>
                <tr>
                  <th scope="row">Refunded</th>
                  <td />
                  <td>{formatMoney(data.amountRefunded)}</td>
                </tr>
                <tr>
                  <th scope="row">Left to refund</th>
                  <td />
                  <td>{formatMoney(data.refundable)}</td>
                </tr>
              </tbody>
            </Box>
            {mayRefund ? (
              <Box>
                <Button
                  variant="contained"
                  color="warning"
                  disabled={!refundable}
                  onClick={() => setRefunding(true)}
                >
                  Refund
                </Button>
                {!refundable && (
                  <Typography variant="caption" color="text.secondary" sx={{ ml: 1 }}>
                    {data.paymentStatus === 'refunded'
                      ? 'Refunded in full.'
                      : 'Only a paid order can be refunded.'}
                  </Typography>
                )}
              </Box>
            ) : (
              <Typography variant="body2" color="text.secondary">
                Refunds are made by billing or admin staff.
              </Typography>
            )}
            {data.refunds.length > 0 && (
              <Box>
                <Typography variant="subtitle2" component="h4">
                  Refunds
                </Typography>
                <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                  {data.refunds.map((refund) => (
                    <li key={refund.id}>
                      <Typography variant="body2">
                        {formatMoney(refund.amount)} · {humanize(refund.status)}
                        {refund.reason ? ` · ${humanize(refund.reason)}` : ''} ·{' '}
                        {formatDateTime(refund.createdAt)}
                        {refund.failureReason ? ` · ${humanize(refund.failureReason)}` : ''}
                      </Typography>
                    </li>
                  ))}
                </Box>
              </Box>
            )}
            <Box>
              <Typography variant="subtitle2" component="h4">
                Payment history
              </Typography>
              <Box component="ol" sx={{ m: 0, pl: 2.5 }}>
                {data.history.map((event, index) => (
                  <li key={`${event.kind}-${event.at}-${index}`}>
                    <Typography variant="body2">
                      {humanize(event.kind)} · {formatDateTime(event.at)}
                      {event.amount ? ` · ${formatMoney(event.amount)}` : ''}
                      {event.note ? ` · ${event.note}` : ''}
                    </Typography>
                  </li>
                ))}
              </Box>
            </Box>
            {data.paymentStatus === 'failed' && (
              <Alert severity="warning">The last payment attempt was declined.</Alert>
            )}
            {refunding && <RefundDialog order={data} onClose={() => setRefunding(false)} />}
          </>
        );
      }}
    </ItemPanel>
  );
}

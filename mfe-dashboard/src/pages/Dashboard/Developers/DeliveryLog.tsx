import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import ExpandMoreRounded from '@mui/icons-material/ExpandMoreRounded';
import type { WebhookAttempt, WebhookDelivery } from '@portal/contracts';
import { showToast, useAppDispatch } from '@portal/store';
import { formatDateTime } from '@portal/ui/format-date';
import { CardList, cardSx } from '../../../components/CardList';
import { EmptyState } from '../../../components/EmptyState';
import { ListSkeleton } from '../../../components/ListSkeleton';
import { LoadError } from '../../../components/LoadError';
import { ShowMore } from '../../../components/ShowMore';
import { useFailureToast } from '../../../components/useFailureToast';
import { useResendWebhookDeliveryMutation, useWebhookDeliveriesInfiniteQuery } from './developers-api';
import { DELIVERY_STATUS, failureText, monoSx } from './developer-labels';
import HistoryRounded from '@mui/icons-material/HistoryRounded';

const preSx = {
  ...monoSx,
  m: 0,
  p: 1.5,
  borderRadius: 2,
  border: 1,
  borderColor: 'divider',
  bgcolor: 'background.default',
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  maxHeight: 320,
  overflow: 'auto',
} as const;

/** The body as sent, indented when it is JSON. */
function pretty(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

const duration = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toFixed(1)} s` : `${ms} ms`);

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography component="dt" variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

function AttemptRow({ attempt }: { attempt: WebhookAttempt }) {
  const answered = attempt.responseStatus !== null;
  const ok = answered && attempt.responseStatus! >= 200 && attempt.responseStatus! < 300;
  return (
    <Box component="li" aria-label={`Attempt ${attempt.attempt}`} sx={{ display: 'grid', gap: 1, py: 1.5 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 2, rowGap: 0.5 }}>
        <Typography variant="subtitle2" component="span">
          Attempt {attempt.attempt}
        </Typography>
        <Chip
          size="small"
          variant="outlined"
          color={ok ? 'success' : 'error'}
          label={answered ? `HTTP ${attempt.responseStatus}` : 'No response'}
        />
        <Typography variant="body2" color="text.secondary" component="span">
          <time dateTime={attempt.at}>{formatDateTime(attempt.at)}</time> · {duration(attempt.durationMs)}
        </Typography>
      </Box>
      {attempt.error && (
        <Typography variant="body2" color="error">
          Error: {attempt.error}
        </Typography>
      )}
      {attempt.responseBody !== null && attempt.responseBody !== '' && (
        <Box>
          <Typography variant="caption" color="text.secondary" component="div">
            Response body (excerpt)
          </Typography>
          <Box component="pre" sx={preSx}>
            {attempt.responseBody}
          </Box>
        </Box>
      )}
    </Box>
  );
}

function DeliveryCard({ delivery, endpointId }: { delivery: WebhookDelivery; endpointId: string | null }) {
  const dispatch = useAppDispatch();
  const detailsId = useId();
  const [open, setOpen] = useState(false);
  const [resend, resending] = useResendWebhookDeliveryMutation();
  const last = delivery.attempts.at(-1);
  const status = DELIVERY_STATUS[delivery.status];

  async function resendIt() {
    try {
      await resend({ endpointId, deliveryId: delivery.id }).unwrap();
      dispatch(
        showToast({
          title: 'Delivery queued again',
          description: `${delivery.eventType} ${delivery.eventId}`,
          severity: 'success',
        }),
      );
    } catch (error) {
      dispatch(
        showToast({ title: 'Failed to resend delivery', description: failureText(error), severity: 'error' }),
      );
    }
  }

  return (
    <Box
      component="li"
      aria-label={`${delivery.eventType} ${delivery.eventId}`}
      sx={{ ...cardSx, display: 'grid', gap: 1.5 }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Typography variant="h5" component="h4" sx={{ ...monoSx, fontSize: '0.95rem', fontWeight: 700 }}>
          {delivery.eventType}
        </Typography>
        <Chip size="small" variant="outlined" color={status.color} label={status.label} />
        <Box sx={{ flexGrow: 1 }} />
        <Button
          size="small"
          variant="outlined"
          color="inherit"
          loading={resending.isLoading}
          aria-label={`Resend ${delivery.eventId}`}
          onClick={() => void resendIt()}
        >
          Resend
        </Button>
      </Box>
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(5, minmax(0, 1fr))' },
        }}
      >
        <Fact label="Event id">
          <Box component="span" sx={monoSx}>
            {delivery.eventId}
          </Box>
        </Fact>
        <Fact label="Attempts">{delivery.attempts.length}</Fact>
        <Fact label="Last response">
          {last
            ? last.responseStatus !== null
              ? `HTTP ${last.responseStatus}`
              : 'No response'
            : 'Not sent yet'}
        </Fact>
        <Fact label="Duration">{last ? duration(last.durationMs) : '—'}</Fact>
        <Fact label="Created">
          <time dateTime={delivery.createdAt}>{formatDateTime(delivery.createdAt)}</time>
        </Fact>
      </Box>
      {delivery.callbackUrl && (
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          To{' '}
          <Box component="span" sx={monoSx}>
            {delivery.callbackUrl}
          </Box>
        </Typography>
      )}
      {delivery.nextAttemptAt && (
        <Typography variant="body2" color="text.secondary">
          Next attempt <time dateTime={delivery.nextAttemptAt}>{formatDateTime(delivery.nextAttemptAt)}</time>
        </Typography>
      )}
      <Box>
        <Button
          size="small"
          color="inherit"
          aria-expanded={open}
          aria-controls={detailsId}
          onClick={() => setOpen(!open)}
          endIcon={<ExpandMoreRounded sx={{ transform: open ? 'rotate(180deg)' : undefined }} />}
        >
          {open ? 'Hide details' : 'Show request and attempts'}
        </Button>
      </Box>
      {/* Read only when open: a long log stays light, and its text is not found twice. */}
      <Box id={detailsId} hidden={!open} sx={{ display: open ? 'grid' : 'none', gap: 2 }}>
        {open && (
          <>
            <Box>
              <Typography variant="subtitle2" component="h5" sx={{ mb: 0.5 }}>
                Request body
              </Typography>
              <Box component="pre" sx={preSx}>
                {pretty(delivery.requestBody)}
              </Box>
            </Box>
            <Box>
              <Typography variant="subtitle2" component="h5">
                Attempts
              </Typography>
              {delivery.attempts.length === 0 ? (
                <Typography variant="body2" color="text.secondary">
                  No attempt yet.
                </Typography>
              ) : (
                <Box
                  component="ol"
                  aria-label={`Attempts of ${delivery.eventId}`}
                  sx={{
                    listStyle: 'none',
                    m: 0,
                    p: 0,
                    '& > li + li': { borderTop: 1, borderColor: 'divider' },
                  }}
                >
                  {delivery.attempts.map((attempt) => (
                    <AttemptRow key={attempt.attempt} attempt={attempt} />
                  ))}
                </Box>
              )}
            </Box>
          </>
        )}
      </Box>
    </Box>
  );
}

/**
 * An endpoint's deliveries (or, with `endpointId` null, the tickets' callbacks), newest first, a page
 * at a time; each expands to its request and attempts.
 */
export function DeliveryLog({ endpointId }: { endpointId: string | null }) {
  const deliveries = useWebhookDeliveriesInfiniteQuery(endpointId);
  useFailureToast(deliveries, 'Failed to fetch deliveries');
  const items = deliveries.data?.pages.flatMap((page) => page.items);
  if (!items) {
    return deliveries.isError ? (
      <LoadError title="We could not load the delivery log." onRetry={() => void deliveries.refetch()} />
    ) : (
      <ListSkeleton label="Loading deliveries" rows={3} rowHeight={120} />
    );
  }
  if (items.length === 0) {
    return (
      <EmptyState icon={<HistoryRounded />} title="No deliveries yet">
        {endpointId === null ? (
          <>Changes to tickets opened through the API with a callback_url appear here as they are sent.</>
        ) : (
          <>
            Events this endpoint subscribes to appear here as they are sent. &lsquo;Send test event&rsquo;
            sends one now.
          </>
        )}
      </EmptyState>
    );
  }
  return (
    <>
      <CardList label="Deliveries">
        {items.map((delivery) => (
          <DeliveryCard key={delivery.id} delivery={delivery} endpointId={endpointId} />
        ))}
      </CardList>
      <ShowMore pages={deliveries} what="deliveries" />
    </>
  );
}

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import SendRounded from '@mui/icons-material/SendRounded';
import { webhookMessages } from '@portal/contracts';
import { showToast, useAppDispatch } from '@portal/store';
import { formatDate } from '@portal/ui/format-date';
import { UserText } from '@portal/ui/user-text';
import { ItemPage, ItemView } from '../../../components/ItemPage';
import { DeliveryLog } from './DeliveryLog';
import { useSendTestWebhookMutation, useWebhookEndpointsQuery } from './developers-api';
import { failureText, monoSx } from './developer-labels';
import { EndpointStatusChip, EventChips } from './WebhookEndpointList';

const NOT_FOUND = { status: 404, data: { statusCode: 404, message: webhookMessages.endpointNotFound } };

/**
 * An endpoint's page (`/dashboard/developers/{id}`): its URL, status and events, 'Send test event', and
 * its delivery log. The endpoint is read from the organization's list (another organization's is not
 * in it, so its address is 'not found' like an unknown one).
 */
export function WebhookEndpointPage({ listPath, endpointId }: { listPath: string; endpointId: string }) {
  const dispatch = useAppDispatch();
  const endpoints = useWebhookEndpointsQuery();
  const endpoint = endpoints.data?.find(({ id }) => id === endpointId);
  const missing = endpoints.data !== undefined && endpoint === undefined;
  const [sendTest, test] = useSendTestWebhookMutation();

  async function sendTestEvent() {
    try {
      const delivery = await sendTest(endpointId).unwrap();
      dispatch(
        showToast({
          title: 'Test event sent',
          description: `${delivery.eventType} ${delivery.eventId}`,
          severity: 'success',
        }),
      );
    } catch (error) {
      dispatch(
        showToast({ title: 'Failed to send test event', description: failureText(error), severity: 'error' }),
      );
    }
  }

  return (
    <ItemPage
      listPath={listPath}
      what="endpoint"
      tab="Developers"
      queries={[
        {
          isError: endpoints.isError || missing,
          error: missing ? NOT_FOUND : endpoints.error,
          data: endpoint,
          refetch: endpoints.refetch,
        },
      ]}
    >
      {() => (
        <ItemView
          titleId="webhook-endpoint-title"
          title={
            <Box component="span" sx={{ ...monoSx, fontSize: 'inherit' }}>
              {endpoint!.url}
            </Box>
          }
          badges={<EndpointStatusChip endpoint={endpoint!} />}
          note={
            endpoint!.description && (
              <Typography sx={{ mt: 1, overflowWrap: 'anywhere' }}>
                <UserText>{endpoint!.description}</UserText>
              </Typography>
            )
          }
          facts={
            <>
              <span>
                Added <time dateTime={endpoint!.createdAt}>{formatDate(endpoint!.createdAt)}</time>
              </span>
              <EventChips events={endpoint!.events} />
            </>
          }
        >
          <Box
            component="section"
            aria-labelledby="webhook-deliveries-title"
            sx={{ display: 'grid', gap: 2 }}
          >
            <Box
              sx={{
                display: 'flex',
                flexWrap: 'wrap',
                alignItems: 'center',
                justifyContent: 'space-between',
                gap: 1.5,
              }}
            >
              <Typography id="webhook-deliveries-title" variant="h5" component="h3">
                Delivery log
              </Typography>
              <Button
                variant="outlined"
                startIcon={<SendRounded />}
                loading={test.isLoading}
                disabled={endpoint!.status === 'disabled'}
                onClick={() => void sendTestEvent()}
              >
                Send test event
              </Button>
            </Box>
            {endpoint!.status === 'disabled' && (
              <Typography variant="body2" color="text.secondary">
                {webhookMessages.endpointDisabled}
              </Typography>
            )}
            <DeliveryLog endpointId={endpointId} />
          </Box>
        </ItemView>
      )}
    </ItemPage>
  );
}

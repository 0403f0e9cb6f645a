import { useState, type MouseEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import AddRounded from '@mui/icons-material/AddRounded';
import WebhookRounded from '@mui/icons-material/WebhookRounded';
import type { WebhookEndpoint } from '@portal/contracts';
import { showToast, useAppDispatch } from '@portal/store';
import { RouteLink } from '@portal/ui';
import { EmptyState } from '../../../components/EmptyState';
import { ListSkeleton } from '../../../components/ListSkeleton';
import { LoadError } from '../../../components/LoadError';
import { useFailureToast } from '../../../components/useFailureToast';
import { useFocusReturn } from '../../../components/useFocusReturn';
import { ConfirmDialog } from '../Team/ConfirmDialog';
import { AddWebhookDialog } from './AddWebhookDialog';
import {
  useDeleteWebhookEndpointMutation,
  useUpdateWebhookEndpointMutation,
  useWebhookEndpointsQuery,
} from './developers-api';
import { failureText, monoSx } from './developer-labels';
import { SectionHeader } from './SectionHeader';
import { WebhookEndpointList } from './WebhookEndpointList';

/**
 * Webhooks: the endpoints events are sent to (URL, events, status), 'Add endpoint', enable/disable
 * and delete; each opens its delivery log at `<tab>/<endpoint id>`.
 */
export function WebhooksSection({ listPath }: { listPath: string }) {
  const dispatch = useAppDispatch();
  const endpoints = useWebhookEndpointsQuery();
  useFailureToast(endpoints, 'Failed to fetch webhook endpoints');
  const { data, isError, isFetching, refetch } = endpoints;
  const [updateEndpoint] = useUpdateWebhookEndpointMutation();
  const [deleteEndpoint, deletion] = useDeleteWebhookEndpointMutation();
  const [adding, setAdding] = useState(false);
  const [toggling, setToggling] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<{ endpoint: WebhookEndpoint; open: boolean } | null>(null);
  const [deleteFailure, setDeleteFailure] = useState<string | null>(null);
  const {
    fallback: addButton,
    setOpener,
    returnFocus,
  } = useFocusReturn<HTMLButtonElement>({
    settled: !isFetching,
  });

  function openAdd(event: MouseEvent<HTMLElement>) {
    setOpener(event.currentTarget);
    setAdding(true);
  }

  async function toggle(endpoint: WebhookEndpoint) {
    const enabled = endpoint.status === 'disabled';
    setToggling(endpoint.id);
    try {
      await updateEndpoint({ id: endpoint.id, enabled }).unwrap();
      dispatch(
        showToast({
          title: enabled ? 'Endpoint enabled' : 'Endpoint disabled',
          description: enabled
            ? 'Events are sent to it again.'
            : 'No events are sent to it until it is enabled.',
          severity: 'success',
        }),
      );
    } catch (error) {
      dispatch(
        showToast({
          title: enabled ? 'Failed to enable endpoint' : 'Failed to disable endpoint',
          description: failureText(error),
          severity: 'error',
        }),
      );
    } finally {
      setToggling(null);
    }
  }

  async function remove(endpoint: WebhookEndpoint) {
    setDeleteFailure(null);
    try {
      await deleteEndpoint(endpoint.id).unwrap();
      dispatch(showToast({ title: 'Endpoint deleted', description: endpoint.url, severity: 'success' }));
      setOpener(null);
      setDeleting((current) => current && { ...current, open: false });
    } catch (error) {
      setDeleteFailure(failureText(error));
    }
  }

  const empty = data?.length === 0;
  const addAction = (
    <Button ref={addButton} variant="contained" startIcon={<AddRounded />} onClick={openAdd}>
      Add endpoint
    </Button>
  );

  return (
    <Box component="section" aria-labelledby="developers-webhooks">
      <SectionHeader
        id="developers-webhooks"
        title="Webhooks"
        description="We send ticket.created and call.completed events to your endpoints, signed, and retry for 24 hours."
        action={!empty && addAction}
      />
      {data ? (
        empty ? (
          <EmptyState icon={<WebhookRounded />} title="No webhook endpoints yet" action={addAction}>
            Add an endpoint to hear about new tickets and completed calls as they happen. See{' '}
            <RouteLink href="/docs#webhooks">webhooks</RouteLink> in the API docs.
          </EmptyState>
        ) : (
          <WebhookEndpointList
            endpoints={data}
            listPath={listPath}
            toggling={toggling}
            onToggle={(endpoint) => void toggle(endpoint)}
            onDelete={(endpoint, opener) => {
              setOpener(opener);
              setDeleteFailure(null);
              setDeleting({ endpoint, open: true });
            }}
          />
        )
      ) : isError ? (
        <LoadError title="We could not load your webhook endpoints." onRetry={() => void refetch()} />
      ) : (
        <ListSkeleton label="Loading webhook endpoints" rows={2} rowHeight={120} />
      )}
      <AddWebhookDialog open={adding} onClose={() => setAdding(false)} onExited={returnFocus} />
      {deleting && (
        <ConfirmDialog
          open={deleting.open}
          title="Delete endpoint?"
          confirmLabel="Delete endpoint"
          busy={deletion.isLoading}
          failure={deleteFailure}
          onConfirm={() => void remove(deleting.endpoint)}
          onClose={() => setDeleting({ ...deleting, open: false })}
          onExited={() => {
            setDeleting(null);
            returnFocus();
          }}
        >
          No more events will be sent to{' '}
          <Box component="span" sx={{ ...monoSx, overflowWrap: 'anywhere' }}>
            {deleting.endpoint.url}
          </Box>
          , and its delivery log is deleted with it.
        </ConfirmDialog>
      )}
    </Box>
  );
}

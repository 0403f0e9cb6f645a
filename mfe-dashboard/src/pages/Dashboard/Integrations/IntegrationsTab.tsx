import { useState, type MouseEvent } from 'react';
import Button from '@mui/material/Button';
import AddRounded from '@mui/icons-material/AddRounded';
import HubRounded from '@mui/icons-material/HubRounded';
import type { Integration } from '@portal/contracts';
import { useIntegrationsQuery } from '../../../api/dashboard-api';
import { EmptyState } from '../../../components/EmptyState';
import { ListSkeleton } from '../../../components/ListSkeleton';
import { LoadError } from '../../../components/LoadError';
import { TabHeader } from '../../../components/TabHeader';
import { useFailureToast } from '../../../components/useFailureToast';
import { useFocusReturn } from '../../../components/useFocusReturn';
import { AddIntegrationDialog } from './AddIntegrationDialog';
import { DeleteIntegrationDialog } from './DeleteIntegrationDialog';
import { IntegrationList } from './IntegrationList';

/**
 * The Integrations tab: the customer's CRMs and dialers with their status
 * and inbound URL, Add Integration and Delete. Focus goes back to the button that opened a dialog,
 * or to 'Add Integration' when that button is gone (its integration deleted, the empty state left).
 */
export function IntegrationsTab() {
  const integrations = useIntegrationsQuery();
  useFailureToast(integrations, 'Failed to fetch integrations');
  const { data, isError, isFetching, refetch } = integrations;

  const [adding, setAdding] = useState(false);
  const [deletion, setDeletion] = useState<{ integration: Integration; open: boolean } | null>(null);
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

  const empty = data?.length === 0;
  const addAction = (
    <Button ref={addButton} variant="contained" startIcon={<AddRounded />} onClick={openAdd}>
      Add Integration
    </Button>
  );

  return (
    <>
      <TabHeader
        title="Integrations"
        description="Your CRMs and dialers send calls, leads and conversions here as they happen."
        action={!empty && addAction}
      />
      {data ? (
        empty ? (
          <EmptyState icon={<HubRounded />} title="No integrations connected yet" action={addAction}>
            Connect HubSpot, Salesforce, Zoho, Twilio, Dialpad or RingCentral to see calls, leads and
            conversions here.
          </EmptyState>
        ) : (
          <IntegrationList
            integrations={data}
            onDelete={(integration, deleteButton) => {
              setOpener(deleteButton);
              setDeletion({ integration, open: true });
            }}
          />
        )
      ) : isError ? (
        <LoadError title="We could not load your integrations." onRetry={() => void refetch()} />
      ) : (
        <ListSkeleton label="Loading integrations" rows={2} rowHeight={168} />
      )}
      <AddIntegrationDialog open={adding} onClose={() => setAdding(false)} onExited={returnFocus} />
      {deletion && (
        <DeleteIntegrationDialog
          integration={deletion.integration}
          open={deletion.open}
          onClose={() => setDeletion({ ...deletion, open: false })}
          onDeleted={() => {
            // Its card (and Delete button) is on its way out: focus goes to 'Add Integration'.
            setOpener(null);
            setDeletion({ ...deletion, open: false });
          }}
          onExited={() => {
            setDeletion(null);
            returnFocus();
          }}
        />
      )}
    </>
  );
}

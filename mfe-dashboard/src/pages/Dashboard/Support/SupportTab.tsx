import { useState } from 'react';
import Button from '@mui/material/Button';
import AddRounded from '@mui/icons-material/AddRounded';
import ConfirmationNumberRounded from '@mui/icons-material/ConfirmationNumberRounded';
import { useDashboardApi } from '../../../api/dashboard-api';
import { EmptyState } from '../../../components/EmptyState';
import { ListSkeleton } from '../../../components/ListSkeleton';
import { LoadError } from '../../../components/LoadError';
import { TabHeader } from '../../../components/TabHeader';
import { useFailureToast } from '../../../components/useFailureToast';
import { NewTicketDialog } from './NewTicketDialog';
import { TicketList } from './TicketList';

/** The Support tab (spec section 2): the customer's tickets and the New Ticket dialog. */
export function SupportTab() {
  const tickets = useDashboardApi().useTicketsQuery();
  useFailureToast(tickets, 'Failed to fetch tickets');
  const [dialogOpen, setDialogOpen] = useState(false);
  const openDialog = () => setDialogOpen(true);
  const listed = Boolean(tickets.data?.length);
  const failed = !tickets.data && tickets.isError;

  let content;
  if (tickets.data && listed) {
    content = <TicketList tickets={tickets.data} />;
  } else if (tickets.data) {
    content = (
      <EmptyState
        icon={<ConfirmationNumberRounded />}
        title="No support tickets"
        action={
          <Button variant="contained" startIcon={<AddRounded />} onClick={openDialog}>
            New Ticket
          </Button>
        }
      >
        Need a hand? Open a ticket and our support team will get back to you, by email within 2 hours.
      </EmptyState>
    );
  } else if (failed) {
    content = <LoadError title="We could not load your tickets." onRetry={() => void tickets.refetch()} />;
  } else {
    content = <ListSkeleton label="Loading tickets" rowHeight={104} />;
  }

  return (
    <>
      <TabHeader
        title="Support"
        description="Questions, problems or changes to your services: our team answers every ticket."
        action={
          // Once the list is known: beside the tickets, or alone when they failed to load (a ticket
          // can still be opened). An empty list has the button in its empty state instead.
          (listed || failed) && (
            <Button variant="contained" startIcon={<AddRounded />} onClick={openDialog}>
              New Ticket
            </Button>
          )
        }
      />
      {content}
      <NewTicketDialog open={dialogOpen} onClose={() => setDialogOpen(false)} />
    </>
  );
}

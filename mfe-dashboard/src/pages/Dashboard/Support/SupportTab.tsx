import { useState, type MouseEvent } from 'react';
import Button from '@mui/material/Button';
import AddRounded from '@mui/icons-material/AddRounded';
import ConfirmationNumberRounded from '@mui/icons-material/ConfirmationNumberRounded';
import { useTicketsQuery } from '../../../api/dashboard-api';
import { EmptyState } from '../../../components/EmptyState';
import { ListSkeleton } from '../../../components/ListSkeleton';
import { LoadError } from '../../../components/LoadError';
import { TabHeader } from '../../../components/TabHeader';
import { useFailureToast } from '../../../components/useFailureToast';
import { useFocusReturn } from '../../../components/useFocusReturn';
import { NewTicketDialog } from './NewTicketDialog';
import { TicketList } from './TicketList';

/**
 * The Support tab: the customer's tickets and the New Ticket dialog. Focus goes
 * back to the button that opened the dialog or, when that one is gone (the first ticket replaced the
 * empty state and its button), to the New Ticket button beside the list once the list is back.
 */
export function SupportTab() {
  const tickets = useTicketsQuery();
  useFailureToast(tickets, 'Failed to fetch tickets');
  const [dialogOpen, setDialogOpen] = useState(false);
  const {
    fallback: headerButton,
    setOpener,
    returnFocus,
  } = useFocusReturn<HTMLButtonElement>({
    settled: !tickets.isFetching,
  });

  const openDialog = (event: MouseEvent<HTMLElement>) => {
    setOpener(event.currentTarget);
    setDialogOpen(true);
  };
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
            <Button ref={headerButton} variant="contained" startIcon={<AddRounded />} onClick={openDialog}>
              New Ticket
            </Button>
          )
        }
      />
      {content}
      <NewTicketDialog open={dialogOpen} onClose={() => setDialogOpen(false)} onExited={returnFocus} />
    </>
  );
}

import { useEffect, useRef, useState, type MouseEvent } from 'react';
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

/**
 * The Support tab (spec section 2): the customer's tickets and the New Ticket dialog. Focus goes
 * back to the button that opened the dialog or, when that one is gone (the first ticket replaced the
 * empty state and its button), to the New Ticket button beside the list once the list is back.
 */
export function SupportTab() {
  const tickets = useDashboardApi().useTicketsQuery();
  useFailureToast(tickets, 'Failed to fetch tickets');
  const [dialogOpen, setDialogOpen] = useState(false);
  const opener = useRef<HTMLElement | null>(null);
  const headerButton = useRef<HTMLButtonElement>(null);
  const focusHeaderWhenSettled = useRef(false);
  const { isFetching } = tickets;

  const openDialog = (event: MouseEvent<HTMLElement>) => {
    opener.current = event.currentTarget;
    setDialogOpen(true);
  };

  // The list re-renders once its refetch is back: only then is the header's button there.
  useEffect(() => {
    if (isFetching || !focusHeaderWhenSettled.current) return;
    focusHeaderWhenSettled.current = false;
    headerButton.current?.focus();
  }, [isFetching]);

  const returnFocus = () => {
    if (opener.current?.isConnected) opener.current.focus();
    else if (isFetching || !headerButton.current) focusHeaderWhenSettled.current = true;
    else headerButton.current.focus();
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

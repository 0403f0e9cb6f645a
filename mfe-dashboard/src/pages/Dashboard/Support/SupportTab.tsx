import { useState, type MouseEvent } from 'react';
import Button from '@mui/material/Button';
import AddRounded from '@mui/icons-material/AddRounded';
import ConfirmationNumberRounded from '@mui/icons-material/ConfirmationNumberRounded';
import { EmptyState } from '../../../components/EmptyState';
import { ListSkeleton } from '../../../components/ListSkeleton';
import { ShowMore } from '../../../components/ShowMore';
import { LoadError } from '../../../components/LoadError';
import { TabHeader } from '../../../components/TabHeader';
import { useFailureToast } from '../../../components/useFailureToast';
import { useFocusReturn } from '../../../components/useFocusReturn';
import { NewTicketDialog } from './NewTicketDialog';
import { TicketList } from './TicketList';
import { TicketPage } from './TicketPage';
import { useTicketPagesInfiniteQuery } from './support-api';
import { useTicketUpdates } from './useTicketUpdates';

export interface SupportTabProps {
  /** The tab's address (`/dashboard/support`). */
  listPath?: string;
  /** `/dashboard/support/{id}`: that ticket's page instead of the list. */
  ticketId?: string;
}

/** The Support tab: the list of tickets, or one ticket's page at its own address. */
export function SupportTab({ listPath = '/dashboard/support', ticketId }: SupportTabProps) {
  return ticketId ? (
    <TicketPage ticketId={ticketId} listPath={listPath} />
  ) : (
    <TicketsPanel listPath={listPath} />
  );
}

/**
 * The organization's tickets a page at a time ('Show more tickets' follows the cursor) and the New
 * Ticket dialog. Focus goes back to the button that opened the dialog or, when that one is gone (the
 * first ticket replaced the empty state and its button), to the New Ticket button beside the list
 * once the list is back.
 */
function TicketsPanel({ listPath }: { listPath: string }) {
  const pages = useTicketPagesInfiniteQuery();
  useFailureToast(pages, 'Failed to fetch tickets');
  useTicketUpdates();
  const [dialogOpen, setDialogOpen] = useState(false);
  const {
    fallback: headerButton,
    setOpener,
    returnFocus,
  } = useFocusReturn<HTMLButtonElement>({
    settled: !pages.isFetching,
  });

  const openDialog = (event: MouseEvent<HTMLElement>) => {
    setOpener(event.currentTarget);
    setDialogOpen(true);
  };
  const tickets = pages.data?.pages.flatMap((page) => page.tickets);
  const listed = Boolean(tickets?.length);
  const failed = !tickets && pages.isError;

  let content;
  if (tickets && listed) {
    content = (
      <>
        <TicketList tickets={tickets} listPath={listPath} />
        <ShowMore pages={pages} what="tickets" />
      </>
    );
  } else if (tickets) {
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
    content = <LoadError title="We could not load your tickets." onRetry={() => void pages.refetch()} />;
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

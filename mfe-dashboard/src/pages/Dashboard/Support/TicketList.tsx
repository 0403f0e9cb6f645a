import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Ticket } from '@portal/contracts';
import { UserText, withoutBidiControls } from '@portal/ui/user-text';
import { CardList, cardSx } from '../../../components/CardList';
import { formatDate } from '../../../format/date';
import { TicketPriorityChip, TicketStatusChip } from './TicketBadges';

/** The customer's tickets, newest first: title, the start of the description, when, priority and status. */
export function TicketList({ tickets }: { tickets: readonly Ticket[] }) {
  return (
    <CardList label="Your support tickets">
      {tickets.map((ticket) => (
        <Box
          component="li"
          key={ticket.id}
          aria-label={withoutBidiControls(ticket.title)}
          sx={{ ...cardSx, minWidth: 0 }}
        >
          <Box
            sx={{
              display: 'flex',
              flexDirection: { xs: 'column', sm: 'row' },
              alignItems: { xs: 'flex-start', sm: 'center' },
              justifyContent: 'space-between',
              gap: 1,
            }}
          >
            <Typography variant="h6" component="h3" sx={{ overflowWrap: 'anywhere' }}>
              <UserText>{ticket.title}</UserText>
            </Typography>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, flexShrink: 0 }}>
              <TicketPriorityChip priority={ticket.priority} />
              <TicketStatusChip status={ticket.status} />
            </Box>
          </Box>
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{
              mt: 1,
              display: '-webkit-box',
              WebkitLineClamp: 2,
              WebkitBoxOrient: 'vertical',
              overflow: 'hidden',
              overflowWrap: 'anywhere',
            }}
          >
            <UserText>{ticket.description}</UserText>
          </Typography>
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
            Opened <time dateTime={ticket.createdAt}>{formatDate(ticket.createdAt)}</time>
          </Typography>
        </Box>
      ))}
    </CardList>
  );
}

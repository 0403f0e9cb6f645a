import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import MarkChatUnreadRounded from '@mui/icons-material/MarkChatUnreadRounded';
import type { CustomerTicket } from '@portal/contracts';
import { RouteLink } from '@portal/ui';
import { UserText, withoutBidiControls } from '@portal/ui/user-text';
import { CardList, cardSx } from '../../../components/CardList';
import { formatDate } from '@portal/ui/format-date';
import { TicketPriorityChip, TicketStatusChip } from './TicketBadges';

/** 'New reply': support answered since the member last read the ticket (an icon and words, not a colour only). */
export function UnreadChip() {
  return (
    <Chip
      icon={<MarkChatUnreadRounded />}
      label="New reply"
      size="small"
      color="secondary"
      sx={{ fontWeight: 700 }}
    />
  );
}

/**
 * The organization's tickets, newest first: title (a link to the ticket's page), the start of the
 * description, when, priority, status, and 'New reply' on those with a staff reply not yet read.
 */
export function TicketList({ tickets, listPath }: { tickets: readonly CustomerTicket[]; listPath: string }) {
  return (
    <CardList label="Your support tickets">
      {tickets.map((ticket) => (
        <Box
          component="li"
          key={ticket.id}
          aria-label={`${withoutBidiControls(ticket.title)}${ticket.unread ? ', new reply' : ''}`}
          sx={{
            ...cardSx,
            minWidth: 0,
            position: 'relative',
            ...(ticket.unread && { borderColor: 'secondary.main' }),
            '&:hover': { borderColor: 'text.secondary' },
            '&:focus-within': { borderColor: 'primary.main' },
          }}
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
            <Typography
              variant="h6"
              component="h3"
              sx={{ overflowWrap: 'anywhere', fontWeight: ticket.unread ? 800 : undefined }}
            >
              <RouteLink
                href={`${listPath}/${ticket.id}`}
                color="inherit"
                underline="hover"
                // The whole card takes the click; the link alone takes focus (one stop per ticket).
                sx={{
                  '&::after': { content: '""', position: 'absolute', inset: 0, borderRadius: 'inherit' },
                }}
              >
                <UserText>{ticket.title}</UserText>
              </RouteLink>
            </Typography>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, flexShrink: 0 }}>
              {ticket.unread && <UnreadChip />}
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
            {ticket.lastMessageAt !== ticket.createdAt && (
              <>
                {' · '}last message{' '}
                <time dateTime={ticket.lastMessageAt}>{formatDate(ticket.lastMessageAt)}</time>
              </>
            )}
          </Typography>
        </Box>
      ))}
    </CardList>
  );
}

import { Suspense } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useLocation } from 'react-router-dom';
import { isAdmin } from '@portal/contracts';
import { lazyPage, PageLoading, RouteLink, usePageMeta } from '@portal/ui';
import { selectSessionStatus, selectSessionUser, useAppSelector } from '@portal/store';
import { ListSkeleton } from '../../components/ListSkeleton';
import { CONSOLE_PAGES, pageAt, type ConsolePage } from './console-pages';

const { Page: TicketQueue } = lazyPage(() => import('../Tickets/TicketQueue'));
const { Page: LeadsPage } = lazyPage(() => import('../Leads/LeadsPage'));
const { Page: OrdersPage } = lazyPage(() => import('../Orders/OrdersPage'));
const { Page: CustomersPage } = lazyPage(() => import('../Customers/CustomersPage'));
const { Page: AgentsPage } = lazyPage(() => import('../Agents/AgentsPage'));
const { Page: AvailabilityPage } = lazyPage(() => import('../Availability/AvailabilityPage'));
const { Page: ChatsPage } = lazyPage(() => import('../Chats/ChatsPage'));
const { Page: IncidentsPage } = lazyPage(() => import('../Incidents/IncidentsPage'));

const PAGES: Record<ConsolePage['path'], React.ComponentType> = {
  '/staff': TicketQueue,
  '/staff/leads': LeadsPage,
  '/staff/orders': OrdersPage,
  '/staff/customers': CustomersPage,
  '/staff/agents': AgentsPage,
  '/staff/availability': AvailabilityPage,
  '/staff/chats': ChatsPage,
  '/staff/incidents': IncidentsPage,
};

/**
 * The staff console: a dense frame (title, the signed-in staff member, its pages as links) and
 * the page of the address. The shell mounts it only for a signed-in staff member; on its own dev
 * server anyone else is told it is for staff (every route behind it answers them 403 anyway).
 */
export default function StaffConsole() {
  const { pathname } = useLocation();
  const current = pageAt(pathname);
  usePageMeta({
    title: `${current.title} · Staff Console`,
    description:
      'The Millstone CX staff console: tickets, leads, orders, customers, agents and call availability.',
    path: current.path,
    noindex: true,
  });
  const session = useAppSelector(selectSessionStatus);
  const user = useAppSelector(selectSessionUser);
  if (session === 'checking') return <PageLoading />;
  if (session !== 'signedIn' || !isAdmin(user?.role)) {
    return (
      <Box sx={{ py: 10, textAlign: 'center' }}>
        <Typography variant="h1" sx={{ fontSize: '2rem', mb: 2 }}>
          Staff only
        </Typography>
        <Typography color="text.secondary">Sign in with a staff account to use the staff console.</Typography>
      </Box>
    );
  }
  const Page = PAGES[current.path];
  return (
    <Box sx={{ px: { xs: 1.5, md: 3 }, pt: 2, pb: 6, maxWidth: 1600, mx: 'auto' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1.5, mb: 1.5 }}>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.5rem', md: '1.75rem' }, fontWeight: 700 }}>
          Staff Console
        </Typography>
        <Chip
          size="small"
          label={`STAFF · ${user?.role?.replace('_', ' ').toUpperCase() ?? ''}`}
          color="secondary"
          variant="outlined"
        />
        <Typography variant="body2" color="text.secondary" sx={{ ml: { sm: 'auto' } }}>
          Signed in as {user?.name}
        </Typography>
      </Box>
      <Box
        component="nav"
        aria-label="Staff console"
        sx={{ display: 'flex', gap: 0.5, borderBottom: 1, borderColor: 'divider', mb: 2, overflowX: 'auto' }}
      >
        {CONSOLE_PAGES.map((page) => {
          const here = page.path === current.path;
          return (
            <RouteLink
              key={page.path}
              href={page.path}
              aria-current={here ? 'page' : undefined}
              underline="none"
              sx={{
                px: 2,
                py: 1.25,
                fontWeight: 600,
                whiteSpace: 'nowrap',
                color: here ? 'text.primary' : 'text.secondary',
                borderBottom: 2,
                borderColor: here ? 'primary.main' : 'transparent',
                '&:hover': { color: 'text.primary' },
              }}
            >
              {page.label}
            </RouteLink>
          );
        })}
      </Box>
      {/* The page's name for screen readers and the outline; the navigation above shows it. */}
      <Typography
        variant="h2"
        sx={{
          position: 'absolute',
          width: '1px',
          height: '1px',
          m: '-1px',
          p: 0,
          overflow: 'hidden',
          clip: 'rect(0 0 0 0)',
          whiteSpace: 'nowrap',
        }}
      >
        {current.title}
      </Typography>
      <Suspense fallback={<ListSkeleton label={`Loading ${current.title.toLowerCase()}`} />}>
        <Page />
      </Suspense>
    </Box>
  );
}

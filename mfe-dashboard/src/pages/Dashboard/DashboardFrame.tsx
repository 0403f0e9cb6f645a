import { Suspense, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import LogoutRounded from '@mui/icons-material/LogoutRounded';
import { useLocation, useNavigate } from 'react-router-dom';
import { teamMessages } from '@portal/contracts';
import { PageContainer, RouteLink } from '@portal/ui';
import { selectSessionUser, signOut, useAppDispatch, useAppSelector } from '@portal/store';
import { IncidentBanner } from '../../components/IncidentBanner/IncidentBanner';
import { ListSkeleton } from '../../components/ListSkeleton';
import { LiveChatLauncher } from '../../components/LiveChat/LiveChatLauncher';
import { useLiveMetrics } from '../../live/useLiveMetrics';
import { locateTab, tabPath, tabsFor, type DashboardTab } from './dashboard-tabs';
import { DevelopersTab } from './Developers/DevelopersTab';
import { IntegrationsTab } from './Integrations/IntegrationsTab';
import { KpisTab } from './Kpis/KpisTab';
import { OrdersTab } from './Orders/OrdersTab';
import { Overview } from './Overview/Overview';
import { SettingsTab } from './Settings/SettingsTab';
import { SupportTab } from './Support/SupportTab';
import { SupportTabLabel } from './Support/SupportTabLabel';
import { TeamTab } from './Team/TeamTab';
import { VerificationBanner } from './Verification/VerificationBanner';

const tabId = (tab: DashboardTab) => `dashboard-tab-${tab.toLowerCase()}`;
const panelId = (tab: DashboardTab) => `dashboard-panel-${tab.toLowerCase()}`;

/** A hidden tab's address: what the role does not allow, and the way back to the Overview. */
function NotAllowed({ overview }: { overview: string }) {
  return (
    <Box
      role="alert"
      sx={{ py: 6, px: 2, textAlign: 'center', border: 1, borderColor: 'divider', borderRadius: 4 }}
    >
      <Typography variant="h4" component="h2" sx={{ mb: 1 }}>
        {teamMessages.notAllowed}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        An owner or admin of your organization can change your role on the Team tab.
      </Typography>
      <RouteLink href={overview}>Back to the dashboard overview</RouteLink>
    </Box>
  );
}

/**
 * The customer dashboard: CUSTOMER badge, Logout, the banner asking to verify the email address
 * while it is not, and the tabs the member's role allows (the spec's five, Team and Settings; Orders
 * and Integrations only for a role allowed them). Logout is the same sign-out as the header's 'Sign
 * Out': the spec names both. The tab is the address (`/dashboard/orders`), so reload and Back keep
 * it; a tab click pushes the new address. The address of a tab the role does not allow says so.
 */
export function DashboardFrame() {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectSessionUser);
  // Eight tabs need about 950 px: below lg the strip scrolls.
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('lg'), { noSsr: true });
  const navigate = useNavigate();
  const { base, tab, detail } = locateTab(useLocation().pathname);
  const tabs = tabsFor(user?.orgRole);
  const allowed = tabs.some(({ name }) => name === tab);
  // Once for every tab: the KPI numbers of the Overview and the KPIs tab move as metrics come in (the
  // organization's: a switch follows the new one).
  useLiveMetrics(user?.organizationId);
  const show = (next: DashboardTab) => {
    // From an item's page (a ticket) its own tab goes back to the tab's list.
    if (next !== tab || detail) void navigate(tabPath(base, next));
  };

  const panels: Record<DashboardTab, ReactNode> = {
    Overview: <Overview onOpenTab={show} />,
    Integrations: <IntegrationsTab />,
    KPIs: <KpisTab onSetupIntegration={() => show('Integrations')} />,
    Orders: <OrdersTab listPath={tabPath(base, 'Orders')} orderId={detail} />,
    Support: <SupportTab listPath={tabPath(base, 'Support')} ticketId={detail} />,
    Team: <TeamTab />,
    Developers: <DevelopersTab listPath={tabPath(base, 'Developers')} endpointId={detail} />,
    Settings: <SettingsTab />,
  };

  return (
    <PageContainer component="section" sx={{ py: { xs: 4, md: 6 } }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 3 }}>
        <Typography variant="h2" component="h1">
          Customer Dashboard
        </Typography>
        <Chip
          label="CUSTOMER"
          color="secondary"
          size="small"
          sx={{ fontWeight: 700, letterSpacing: '0.08em' }}
        />
        <Box sx={{ flexGrow: 1 }} />
        <Button
          variant="outlined"
          color="inherit"
          startIcon={<LogoutRounded />}
          onClick={() => void dispatch(signOut())}
        >
          Logout
        </Button>
      </Box>
      {/* The account is known before the frame shows (Dashboard's AccountKnown); the boundary keeps any
          later wait of the banner's to the banner. */}
      <Suspense fallback={null}>
        <VerificationBanner />
      </Suspense>
      <IncidentBanner />
      <Tabs
        value={allowed ? tab : false}
        onChange={(_event, value: DashboardTab) => show(value)}
        // Eight tabs overflow a phone and a small tablet; a scrollable strip elsewhere could show stray
        // scroll buttons.
        variant={narrow ? 'scrollable' : 'standard'}
        // Where it scrolls the buttons are always there: buttons appearing once the selected tab was
        // scrolled into view would narrow the strip under a scroll still animating, leaving the tab out
        // of view. (They are invisible at an end the strip cannot scroll past.)
        scrollButtons={narrow ? true : 'auto'}
        allowScrollButtonsMobile
        aria-label="Dashboard sections"
        sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}
      >
        {tabs.map(({ name }) => (
          <Tab
            key={name}
            value={name}
            label={name === 'Support' ? <SupportTabLabel /> : name}
            // On an item's page its tab is already the selected one (no change event): a click goes back to the list.
            onClick={name === tab && detail ? () => show(name) : undefined}
            id={tabId(name)}
            aria-controls={panelId(name)}
            // The same padding and no minimum width: the gaps between labels are even, short or long.
            sx={{ minWidth: 0, px: 2 }}
          />
        ))}
      </Tabs>
      {/* Every panel exists for its tab's aria-controls; only the selected one is shown and filled. It
          takes focus so keyboard users reach a panel without controls (the Overview) from the tabs. */}
      {tabs.map(({ name }) => (
        <Box
          key={name}
          role="tabpanel"
          id={panelId(name)}
          aria-labelledby={tabId(name)}
          hidden={name !== tab}
          tabIndex={name === tab ? 0 : undefined}
        >
          {name === tab && (
            <Suspense fallback={<ListSkeleton label={`Loading ${tab}`} />}>{panels[tab]}</Suspense>
          )}
        </Box>
      ))}
      {!allowed && <NotAllowed overview={tabPath(base, 'Overview')} />}
      <LiveChatLauncher />
    </PageContainer>
  );
}

import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import HubRounded from '@mui/icons-material/HubRounded';
import InsightsRounded from '@mui/icons-material/InsightsRounded';
import LogoutRounded from '@mui/icons-material/LogoutRounded';
import ReceiptLongRounded from '@mui/icons-material/ReceiptLongRounded';
import ConfirmationNumberRounded from '@mui/icons-material/ConfirmationNumberRounded';
import { PageContainer, RouteButton } from '@portal/ui';
import { signOut, useAppDispatch } from '@portal/store';
import { EmptyState } from '../../components/EmptyState';
import { Overview } from './Overview';

export const TABS = ['Overview', 'Integrations', 'KPIs', 'Orders', 'Support'] as const;
type TabName = (typeof TABS)[number];

const tabId = (tab: TabName) => `dashboard-tab-${tab.toLowerCase()}`;
const panelId = (tab: TabName) => `dashboard-panel-${tab.toLowerCase()}`;

/** The customer dashboard (spec section 2): CUSTOMER badge, Logout and the five tabs. */
export function DashboardFrame() {
  const dispatch = useAppDispatch();
  const [tab, setTab] = useState<TabName>('Overview');

  const panels: Record<TabName, ReactNode> = {
    Overview: <Overview />,
    Integrations: (
      <EmptyState icon={<HubRounded />} title="No integrations connected yet">
        Connect HubSpot, Salesforce, Zoho, Twilio, Dialpad or RingCentral to see calls, leads and conversions
        here.
      </EmptyState>
    ),
    KPIs: (
      <EmptyState
        icon={<InsightsRounded />}
        title="No KPI data yet"
        action={
          <Button variant="contained" onClick={() => setTab('Integrations')}>
            Setup Integration
          </Button>
        }
      >
        Calls today, leads generated and conversions are counted from your active integrations.
      </EmptyState>
    ),
    Orders: (
      <EmptyState
        icon={<ReceiptLongRounded />}
        title="No orders yet"
        action={
          <RouteButton href="/pricing" variant="contained">
            View Pricing
          </RouteButton>
        }
      >
        Your orders, their status and totals appear here after your first purchase.
      </EmptyState>
    ),
    Support: (
      <EmptyState
        icon={<ConfirmationNumberRounded />}
        title="No support tickets"
        action={
          <RouteButton href="/contact" variant="outlined" color="inherit">
            Contact Support
          </RouteButton>
        }
      >
        Need a hand? Our support team replies to email within 2 hours, and phone support is available 24/7.
      </EmptyState>
    ),
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
      <Tabs
        value={tab}
        onChange={(_event, value: TabName) => setTab(value)}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label="Dashboard sections"
        sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}
      >
        {TABS.map((name) => (
          <Tab key={name} value={name} label={name} id={tabId(name)} aria-controls={panelId(name)} />
        ))}
      </Tabs>
      <Box role="tabpanel" id={panelId(tab)} aria-labelledby={tabId(tab)}>
        {panels[tab]}
      </Box>
    </PageContainer>
  );
}

import Box from '@mui/material/Box';
import { useAccountQuery } from '@portal/store/account-api';
import { ListSkeleton } from '../../../components/ListSkeleton';
import { LoadError } from '../../../components/LoadError';
import { TabHeader } from '../../../components/TabHeader';
import { useFailureToast } from '../../../components/useFailureToast';
import { DeleteAccountPanel } from './DeleteAccountPanel';
import { EmailPanel } from './EmailPanel';
import { ExportPanel } from './ExportPanel';
import { PasswordPanel } from './PasswordPanel';
import { ProfilePanel } from './ProfilePanel';
import { SessionsPanel } from './SessionsPanel';
import { TicketEmailsPanel } from './TicketEmailsPanel';
import { TwoFactorPanel } from './TwoFactorPanel';

/**
 * The Settings tab (/dashboard/settings): profile, email, password, sessions, two-factor sign-in,
 * ticket emails, export and deletion of the account, one titled panel each, on one page.
 */
export function SettingsTab() {
  const account = useAccountQuery();
  useFailureToast(account, 'Failed to fetch account');

  let content;
  if (account.data) {
    const data = account.data;
    content = (
      <Box
        sx={{
          display: 'grid',
          gap: { xs: 2, md: 3 },
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
          '& > .wide': { gridColumn: { lg: '1 / -1' } },
        }}
      >
        <ProfilePanel account={data} />
        <EmailPanel account={data} />
        <PasswordPanel />
        <TwoFactorPanel account={data} />
        <Box className="wide">
          <TicketEmailsPanel />
        </Box>
        <Box className="wide">
          <SessionsPanel />
        </Box>
        <ExportPanel />
        <DeleteAccountPanel />
      </Box>
    );
  } else if (account.isError) {
    content = <LoadError title="We could not load your account." onRetry={() => void account.refetch()} />;
  } else {
    content = <ListSkeleton label="Loading account settings" rows={4} rowHeight={160} />;
  }

  return (
    <>
      <TabHeader title="Account settings" description="Your profile, sign-in and security, and your data." />
      {content}
    </>
  );
}

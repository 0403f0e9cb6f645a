import Typography from '@mui/material/Typography';
import LockRounded from '@mui/icons-material/LockRounded';
import { PageContainer, PageLoading, RouteButton, usePageMeta } from '@portal/ui';
import type { SessionStatus } from '@portal/store';

export interface StaffNoticeProps {
  /** Signed in here means signed in as someone who is not staff (a customer). */
  session: SessionStatus;
  /** The console address asked for: sign-in comes back to it. */
  pathname: string;
}

/**
 * What the shell shows at a staff console address to anyone but a signed-in staff member: the console
 * itself is never downloaded for them (staff-access.ts), and its data routes answer them 403.
 */
export function StaffNotice({ session, pathname }: StaffNoticeProps) {
  usePageMeta({
    title: 'Staff Console',
    description: 'The staff console of Millstone CX, for staff accounts only.',
    path: '/staff',
    noindex: true,
  });
  if (session === 'checking') return <PageLoading />;
  const signedOut = session === 'signedOut';
  return (
    <PageContainer sx={{ py: { xs: 10, md: 14 }, textAlign: 'center' }}>
      <LockRounded aria-hidden sx={{ fontSize: 40, color: 'primary.main', mb: 2 }} />
      <Typography variant="h1" sx={{ mb: 2, fontSize: { xs: '2rem', md: '2.75rem' } }}>
        {signedOut ? 'Staff sign-in required' : 'Staff only'}
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 560, mx: 'auto', mb: 4 }}>
        {signedOut
          ? 'The staff console is for the Millstone CX team. Sign in with your staff account to open it.'
          : 'The staff console is for the Millstone CX team, and your account is not a staff account. Your own orders, integrations and tickets are on your dashboard.'}
      </Typography>
      {signedOut ? (
        <RouteButton
          href={`/login?redirect=${encodeURIComponent(pathname)}`}
          variant="contained"
          size="large"
        >
          Sign in with a staff account
        </RouteButton>
      ) : (
        <RouteButton href="/dashboard" variant="contained" size="large">
          Go to your dashboard
        </RouteButton>
      )}
    </PageContainer>
  );
}

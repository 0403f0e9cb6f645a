import { Suspense, useState, type ReactNode } from 'react';
import { isCustomer } from '@portal/contracts';
import { BRAND_NAME, PageLoading, RedirectNotice, usePageMeta } from '@portal/ui';
import {
  checkCurrentUser,
  selectSessionStatus,
  selectSessionUser,
  selectUserCheckFailed,
  useAppDispatch,
  useAppSelector,
} from '@portal/store';
import { useAccountQuery } from '@portal/store/account-api';
import { LoadError } from '../../components/LoadError';
import { DashboardFrame } from './DashboardFrame';
import { NoOrganization } from './NoOrganization';

/** /dashboard and /customer-dashboard: a signed-in customer's dashboard, or a way to log in. */
export default function Dashboard() {
  usePageMeta({
    title: 'Customer Dashboard',
    description: `Your ${BRAND_NAME} customer dashboard: orders, CRM and dialer integrations, calls, leads and conversions, and support tickets, all in one place.`,
    path: '/dashboard',
    noindex: true,
  });
  const session = useAppSelector(selectSessionStatus);
  const user = useAppSelector(selectSessionUser);
  if (session === 'signedOut' || (session === 'signedIn' && !isCustomer(user?.role))) {
    return (
      <RedirectNotice
        title="Access Required"
        message="Please log in to access your dashboard."
        to="/login?redirect=/dashboard"
      />
    );
  }
  return (
    <Suspense fallback={<PageLoading />}>
      <AccountKnown>
        <CustomerDashboard />
      </AccountKnown>
    </Suspense>
  );
}

/**
 * Holds the dashboard until the account is known, so the banner asking to verify the email address is
 * in its first paint rather than pushing the tabs down when it comes (a layout shift of a third of a
 * phone's screen). The account is asked for as soon as the dashboard's code runs, even while `me`
 * is still running (it seldom is by then).
 */
function AccountKnown({ children }: { children: ReactNode }) {
  const { isLoading } = useAccountQuery();
  // Held once: after a failed read the banner's own subscription asks again, and that must not take
  // the whole dashboard away while it runs.
  const [known, setKnown] = useState(false);
  if (!isLoading && !known) setKnown(true);
  return known ? children : <PageLoading />;
}

/** A signed-in customer (or one whose current-user call runs): their organization's dashboard. */
function CustomerDashboard() {
  const session = useAppSelector(selectSessionStatus);
  const user = useAppSelector(selectSessionUser);
  const checkFailed = useAppSelector(selectUserCheckFailed);
  const dispatch = useAppDispatch();
  if (session === 'checking') return <PageLoading />;
  // Just signed in: `me` is telling the organization and the role there (the tabs depend on it).
  if (user?.orgRole === undefined) {
    if (!checkFailed) return <PageLoading />;
    return (
      <LoadError
        title="We could not load your organization."
        onRetry={() => void dispatch(checkCurrentUser(true))}
      />
    );
  }
  // Removed from their only organization (or it left them): nothing of an organization to show.
  if (user.organizationId === null || user.orgRole === null) {
    return <NoOrganization />;
  }
  return <DashboardFrame />;
}

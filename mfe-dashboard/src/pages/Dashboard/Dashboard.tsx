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
  const checkFailed = useAppSelector(selectUserCheckFailed);
  const dispatch = useAppDispatch();
  if (session === 'checking') return <PageLoading />;
  if (session !== 'signedIn' || !isCustomer(user?.role)) {
    return (
      <RedirectNotice
        title="Access Required"
        message="Please log in to access your dashboard."
        to="/login?redirect=/dashboard"
      />
    );
  }
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

import { RedirectNotice } from '@portal/ui';
import { selectHasToken, useAppSelector } from '@portal/store';
import { DashboardFrame } from './DashboardFrame';

/** /dashboard and /customer-dashboard: the customer's dashboard, or a way to sign in. */
export default function Dashboard() {
  const signedIn = useAppSelector(selectHasToken);
  if (!signedIn) {
    return (
      <RedirectNotice
        title="Access Required"
        message="Please log in to access your dashboard."
        to="/login?redirect=/dashboard"
      />
    );
  }
  return <DashboardFrame />;
}

import { useEffect, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { isCustomer } from '@portal/contracts';
import { PageLoading } from '@portal/ui';
import { selectSessionStatus, selectSessionUser, useAppSelector } from '@portal/store';
import { safeRedirect } from '../pages/Login/safe-redirect';

/**
 * The sign-in and registration forms, for visitors who are not signed in as a customer. A signed-in
 * customer goes straight on to a safe `redirect`, else the dashboard, without seeing the form; while
 * the current-user call runs, and until that navigation, the page shows the loading placeholder.
 * Staff keep the form (the dashboard would send them back here). Once shown, the form stays: its own
 * submit signs in and chooses where to go next.
 */
export function SignedOutOnly({ children }: { children: ReactNode }) {
  const session = useAppSelector(selectSessionStatus);
  const user = useAppSelector(selectSessionUser);
  const { search } = useLocation();
  const navigate = useNavigate();
  const [formShown, setFormShown] = useState(false);
  const moveOn = !formShown && session === 'signedIn' && isCustomer(user?.role);

  useEffect(() => {
    if (moveOn) void navigate(safeRedirect(search, '/dashboard'), { replace: true });
  }, [moveOn, navigate, search]);

  if (formShown) return children;
  if (session === 'checking' || moveOn) return <PageLoading />;
  setFormShown(true);
  return children;
}

import { Suspense, lazy } from 'react';
import { PageLoading, SectionErrorBoundary, SectionRoot, SectionRoutes } from '@portal/ui';
import { StoreProvider } from '@portal/store';
import { DASHBOARD_PATHS } from './pages/Dashboard/dashboard-tabs';

const Dashboard = lazy(() => import('./pages/Dashboard/Dashboard'));

// One route per tab under each base; the dashboard reads its tab from the path.
const routes = DASHBOARD_PATHS.map((path) => ({ path, element: <Dashboard /> }));

export function DashboardRoutes() {
  return (
    <Suspense fallback={<PageLoading />}>
      <SectionRoutes routes={routes} />
    </Suspense>
  );
}

export function DashboardRoot() {
  return (
    <SectionRoot name="dashboard">
      <StoreProvider>
        <SectionErrorBoundary>
          <DashboardRoutes />
        </SectionErrorBoundary>
      </StoreProvider>
    </SectionRoot>
  );
}

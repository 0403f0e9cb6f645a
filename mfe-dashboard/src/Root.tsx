import { Suspense, lazy } from 'react';
import { PageLoading, SectionErrorBoundary, SectionRoot, SectionRoutes } from '@portal/ui';
import { StoreProvider } from '@portal/store';

const Dashboard = lazy(() => import('./pages/Dashboard/Dashboard'));

const routes = [
  { path: '/dashboard', element: <Dashboard /> },
  { path: '/customer-dashboard', element: <Dashboard /> },
];

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

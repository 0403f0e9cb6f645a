import { Suspense, lazy } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { SECTION_ROUTES } from '@portal/contracts';
import { PageLoading, SectionErrorBoundary, SectionRoot } from '@portal/ui';
import { StoreProvider } from '@portal/store';

const Dashboard = lazy(() => import('./pages/Dashboard/Dashboard'));

export function DashboardRoutes() {
  return (
    <Suspense fallback={<PageLoading />}>
      <Routes>
        {/* One route per tab under each base (the section's row in the route table); the dashboard
            reads its tab from the path. */}
        {SECTION_ROUTES.dashboard.map((path) => (
          <Route key={path} path={path} element={<Dashboard />} />
        ))}
        {/* Another section's path: single-spa is about to unmount this one. */}
        <Route path="*" element={null} />
      </Routes>
    </Suspense>
  );
}

export function DashboardRoot() {
  return (
    <BrowserRouter>
      <SectionRoot name="dashboard">
        <StoreProvider>
          <SectionErrorBoundary>
            <DashboardRoutes />
          </SectionErrorBoundary>
        </StoreProvider>
      </SectionRoot>
    </BrowserRouter>
  );
}

import { BrowserRouter } from 'react-router-dom';
import { lazyPage, SectionErrorBoundary, SectionPages, SectionRoot } from '@portal/ui';
import { StoreProvider } from '@portal/store';
import { DASHBOARD_PATHS } from './routes';

const { Page: Dashboard } = lazyPage(() => import('./pages/Dashboard/Dashboard'));

// One route per tab under each base (the section's routes); the dashboard reads its
// tab from the path.
export function DashboardRoutes() {
  return <SectionPages paths={DASHBOARD_PATHS} page={() => <Dashboard />} />;
}

export function DashboardRoot() {
  return (
    <BrowserRouter>
      <SectionRoot name="dashboard">
        <StoreProvider>
          <SectionErrorBoundary section="dashboard">
            <DashboardRoutes />
          </SectionErrorBoundary>
        </StoreProvider>
      </SectionRoot>
    </BrowserRouter>
  );
}

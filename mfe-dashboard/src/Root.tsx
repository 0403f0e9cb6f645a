import { BrowserRouter } from 'react-router-dom';
import { SECTION_ROUTES } from '@portal/contracts';
import { lazyPage, SectionErrorBoundary, SectionPages, SectionRoot } from '@portal/ui';
import { StoreProvider } from '@portal/store';

const { Page: Dashboard } = lazyPage(() => import('./pages/Dashboard/Dashboard'));

// One route per tab under each base (the section's row in the route table); the dashboard reads its
// tab from the path.
export function DashboardRoutes() {
  return <SectionPages paths={SECTION_ROUTES.dashboard} page={() => <Dashboard />} />;
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

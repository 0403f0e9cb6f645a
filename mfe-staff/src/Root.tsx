import { BrowserRouter } from 'react-router-dom';
import { lazyPage, SectionErrorBoundary, SectionPages, SectionRoot } from '@portal/ui';
import { StoreProvider } from '@portal/store';
import { STAFF_PATHS } from './routes';

const { Page: StaffConsole } = lazyPage(() => import('./pages/Console/StaffConsole'));

// One route per page of the console (the section's routes); the console reads its
// page from the path, and a ticket, lead or order from the query (`?ticket=`), with the filters.
export function StaffRoutes() {
  return <SectionPages paths={STAFF_PATHS} page={() => <StaffConsole />} />;
}

export function StaffRoot() {
  return (
    <BrowserRouter>
      <SectionRoot name="staff">
        <StoreProvider>
          <SectionErrorBoundary section="staff">
            <StaffRoutes />
          </SectionErrorBoundary>
        </StoreProvider>
      </SectionRoot>
    </BrowserRouter>
  );
}

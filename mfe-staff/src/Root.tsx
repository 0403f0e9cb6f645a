import { BrowserRouter } from 'react-router-dom';
import { SECTION_ROUTES } from '@portal/contracts';
import { lazyPage, SectionErrorBoundary, SectionPages, SectionRoot } from '@portal/ui';
import { StoreProvider } from '@portal/store';

const { Page: StaffConsole } = lazyPage(() => import('./pages/Console/StaffConsole'));

// One route per page of the console (the section's row in the route table); the console reads its
// page from the path, and a ticket, lead or order from the query (`?ticket=`), with the filters.
export function StaffRoutes() {
  return <SectionPages paths={SECTION_ROUTES.staff} page={() => <StaffConsole />} />;
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

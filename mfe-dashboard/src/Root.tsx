import { Suspense, lazy } from 'react';
import { Provider } from 'react-redux';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { PageLoading, SectionErrorBoundary, SectionRoot } from '@portal/ui';
import { store } from '@portal/store';

const Dashboard = lazy(() => import('./pages/Dashboard/Dashboard'));

export function DashboardRoutes() {
  return (
    <Suspense fallback={<PageLoading />}>
      <Routes>
        <Route path="/dashboard" element={<Dashboard />} />
        <Route path="/customer-dashboard" element={<Dashboard />} />
        {/* Other paths belong to other sections; this one is about to unmount. */}
        <Route path="*" element={null} />
      </Routes>
    </Suspense>
  );
}

export function DashboardRoot() {
  return (
    <SectionRoot name="dashboard">
      <Provider store={store}>
        <BrowserRouter>
          <SectionErrorBoundary>
            <DashboardRoutes />
          </SectionErrorBoundary>
        </BrowserRouter>
      </Provider>
    </SectionRoot>
  );
}

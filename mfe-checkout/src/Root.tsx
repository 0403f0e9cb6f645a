import { Suspense, lazy } from 'react';
import { Provider } from 'react-redux';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { PageLoading, SectionErrorBoundary, SectionRoot } from '@portal/ui';
import { loadApi, store } from '@portal/store';

const Login = lazy(() => import('./pages/Login/Login'));
const Register = lazy(() => import('./pages/Register/Register'));
const Checkout = lazy(() => import('./pages/Checkout/Checkout'));

// Every page of this section calls the API: fetch RTK Query alongside the first page.
void loadApi();

export function CheckoutRoutes() {
  return (
    <Suspense fallback={<PageLoading />}>
      <Routes>
        <Route path="/login" element={<Login />} />
        <Route path="/register" element={<Register />} />
        <Route path="/signup" element={<Register />} />
        <Route path="/checkout" element={<Checkout />} />
        {/* Other paths belong to other sections; this one is about to unmount. */}
        <Route path="*" element={null} />
      </Routes>
    </Suspense>
  );
}

export function CheckoutRoot() {
  return (
    <SectionRoot name="checkout">
      <Provider store={store}>
        <BrowserRouter>
          <SectionErrorBoundary>
            <CheckoutRoutes />
          </SectionErrorBoundary>
        </BrowserRouter>
      </Provider>
    </SectionRoot>
  );
}

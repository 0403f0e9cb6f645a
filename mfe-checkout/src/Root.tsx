import { Suspense, lazy } from 'react';
import { PageLoading, SectionErrorBoundary, SectionRoot, SectionRoutes } from '@portal/ui';
import { CartProvider, loadApi, StoreProvider } from '@portal/store';

const Login = lazy(() => import('./pages/Login/Login'));
const Register = lazy(() => import('./pages/Register/Register'));
const Checkout = lazy(() => import('./pages/Checkout/Checkout'));

// Every page of this section calls the API: fetch RTK Query alongside the first page.
void loadApi();

const routes = [
  { path: '/login', element: <Login /> },
  { path: '/register', element: <Register /> },
  { path: '/signup', element: <Register /> },
  { path: '/checkout', element: <Checkout /> },
];

export function CheckoutRoutes() {
  return (
    <Suspense fallback={<PageLoading />}>
      <SectionRoutes routes={routes} />
    </Suspense>
  );
}

export function CheckoutRoot() {
  return (
    <SectionRoot name="checkout">
      <StoreProvider>
        <CartProvider>
          <SectionErrorBoundary>
            <CheckoutRoutes />
          </SectionErrorBoundary>
        </CartProvider>
      </StoreProvider>
    </SectionRoot>
  );
}

import { lazy, type ReactNode } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { SECTION_ROUTES } from '@portal/contracts';
import { SectionErrorBoundary, SectionPages, SectionRoot } from '@portal/ui';
import { CartProvider, loadApi, StoreProvider } from '@portal/store';

const Login = lazy(() => import('./pages/Login/Login'));
const Register = lazy(() => import('./pages/Register/Register'));
const Checkout = lazy(() => import('./pages/Checkout/Checkout'));
const ForgotPassword = lazy(() => import('./pages/ForgotPassword/ForgotPassword'));
const ResetPassword = lazy(() => import('./pages/ResetPassword/ResetPassword'));
const VerifyEmail = lazy(() => import('./pages/EmailLinks/VerifyEmail'));
const ConfirmEmail = lazy(() => import('./pages/EmailLinks/ConfirmEmail'));
const Invitation = lazy(() => import('./pages/Invitation/Invitation'));

// Every page of this section calls the API: fetch RTK Query alongside the first page.
void loadApi();

type CheckoutPath = (typeof SECTION_ROUTES.checkout)[number];

/** The page of each path of the section's row in the route table. */
const PAGES: Record<CheckoutPath, ReactNode> = {
  '/checkout': <Checkout />,
  '/login': <Login />,
  '/register': <Register />,
  '/signup': <Register />,
  '/forgot-password': <ForgotPassword />,
  '/reset-password': <ResetPassword />,
  '/verify-email': <VerifyEmail />,
  '/confirm-email': <ConfirmEmail />,
  '/invitation': <Invitation />,
};

export function CheckoutRoutes() {
  return <SectionPages paths={SECTION_ROUTES.checkout} page={(path) => PAGES[path]} />;
}

export function CheckoutRoot() {
  return (
    <BrowserRouter>
      <SectionRoot name="checkout">
        <StoreProvider>
          <CartProvider>
            <SectionErrorBoundary>
              <CheckoutRoutes />
            </SectionErrorBoundary>
          </CartProvider>
        </StoreProvider>
      </SectionRoot>
    </BrowserRouter>
  );
}

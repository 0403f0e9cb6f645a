import { BrowserRouter } from 'react-router-dom';
import {
  lazyPage,
  preloadPageAt,
  SectionErrorBoundary,
  SectionPages,
  SectionRoot,
  type SectionPageModules,
} from '@portal/ui';
import { CartProvider, loadApi, StoreProvider } from '@portal/store';
import { CHECKOUT_PATHS, type CheckoutPath } from './routes';

// Every page of this section calls the API: fetch RTK Query alongside the first page.
void loadApi();

const register = lazyPage(() => import('./pages/Register/Register'));

/** The page of each path of the section's routes, each loaded on demand. */
const PAGES: SectionPageModules<CheckoutPath> = {
  '/checkout': lazyPage(() => import('./pages/Checkout/Checkout')),
  '/login': lazyPage(() => import('./pages/Login/Login')),
  '/register': register,
  '/signup': register,
  '/forgot-password': lazyPage(() => import('./pages/ForgotPassword/ForgotPassword')),
  '/reset-password': lazyPage(() => import('./pages/ResetPassword/ResetPassword')),
  '/verify-email': lazyPage(() => import('./pages/EmailLinks/VerifyEmail')),
  '/confirm-email': lazyPage(() => import('./pages/EmailLinks/ConfirmEmail')),
  '/invitation': lazyPage(() => import('./pages/Invitation/Invitation')),
};

/**
 * Loads the module of the page at `pathname` (nothing for another section's path) and RTK Query, which
 * its hooks wait for: the first render then shows the page, not a loading state.
 */
export async function preloadPage(pathname: string): Promise<void> {
  await Promise.all([preloadPageAt(PAGES, pathname), loadApi()]);
}

export function CheckoutRoutes() {
  return (
    <SectionPages
      paths={CHECKOUT_PATHS}
      page={(path) => {
        const { Page } = PAGES[path];
        return <Page />;
      }}
    />
  );
}

export function CheckoutRoot() {
  return (
    <BrowserRouter>
      <SectionRoot name="checkout">
        <StoreProvider>
          <CartProvider>
            <SectionErrorBoundary section="checkout">
              <CheckoutRoutes />
            </SectionErrorBoundary>
          </CartProvider>
        </StoreProvider>
      </SectionRoot>
    </BrowserRouter>
  );
}

import { BrowserRouter } from 'react-router-dom';
import {
  lazyPage,
  preloadPageAt,
  SectionErrorBoundary,
  SectionPages,
  SectionRoot,
  type SectionPageModules,
} from '@portal/ui';
import { loadApi, StoreProvider } from '@portal/store';
import { loadBookingApi } from '@portal/leads';
import { Home } from './pages/Home/Home';
import { loadStatusApi } from './pages/Status/status-api';
import { MARKETING_PATHS, type MarketingPath } from './routes';

// One page per path of the section's routes; every page but the home page loads on demand.
const PAGES: SectionPageModules<MarketingPath> = {
  '/': { Page: Home },
  '/services': lazyPage(() => import('./pages/Services/Services')),
  '/pricing': lazyPage(() => import('./pages/Pricing/Pricing')),
  '/about': lazyPage(() => import('./pages/About/About')),
  '/about-us': lazyPage(() => import('./pages/AboutUs/AboutUs')),
  // Its form's hook waits for RTK Query: loaded with the page, so the first render does not suspend.
  '/contact': lazyPage(() =>
    Promise.all([import('./pages/Contact/Contact'), loadApi(), loadBookingApi()]).then(([module]) => module),
  ),
  '/platform': lazyPage(() => import('./pages/Platform/Platform')),
  '/careers': lazyPage(() => import('./pages/Careers/Careers')),
  '/blog': lazyPage(() => import('./pages/Blog/Blog')),
  '/blog/:slug': lazyPage(() => import('./pages/BlogArticle/BlogArticle')),
  '/help-center': lazyPage(() => import('./pages/HelpCenter/HelpCenter')),
  '/docs': lazyPage(() => import('./pages/Docs/Docs')),
  '/privacy-policy': lazyPage(() => import('./pages/PrivacyPolicy/PrivacyPolicy')),
  '/terms': lazyPage(() => import('./pages/Terms/Terms')),
  // Its queries' hooks wait for RTK Query: loaded with the page, so the first render does not suspend.
  '/status': lazyPage(() =>
    Promise.all([import('./pages/Status/StatusPage'), loadStatusApi()]).then(([module]) => module),
  ),
  '/booking/:token': lazyPage(() =>
    Promise.all([import('./pages/Booking/ManageBookingPage'), loadBookingApi()]).then(([module]) => module),
  ),
};

/** Loads the module of the page at `pathname` (nothing to load for the home page or another section's path). */
export const preloadPage = (pathname: string) => preloadPageAt(PAGES, pathname);

export function MarketingRoutes() {
  return (
    <SectionPages
      paths={MARKETING_PATHS}
      page={(path) => {
        const { Page } = PAGES[path];
        return <Page />;
      }}
    />
  );
}

export function MarketingRoot() {
  return (
    <BrowserRouter>
      <SectionRoot name="marketing">
        <StoreProvider>
          <SectionErrorBoundary section="marketing">
            <MarketingRoutes />
          </SectionErrorBoundary>
        </StoreProvider>
      </SectionRoot>
    </BrowserRouter>
  );
}

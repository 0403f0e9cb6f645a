import { Suspense, type ComponentType } from 'react';
import { BrowserRouter, Route, Routes, matchPath } from 'react-router-dom';
import { SECTION_ROUTES } from '@portal/contracts';
import { PageLoading, SectionErrorBoundary, SectionRoot } from '@portal/ui';
import { StoreProvider } from '@portal/store';
import { lazyPage } from './lazy-page';
import { Home } from './pages/Home/Home';

type MarketingPath = (typeof SECTION_ROUTES.marketing)[number];

// One page per path of the section's row in the route table; every page but the home page loads on demand.
const PAGES: Record<MarketingPath, { Page: ComponentType; preload?: () => Promise<void> }> = {
  '/': { Page: Home },
  '/services': lazyPage(() => import('./pages/Services/Services')),
  '/pricing': lazyPage(() => import('./pages/Pricing/Pricing')),
  '/about': lazyPage(() => import('./pages/About/About')),
  '/about-us': lazyPage(() => import('./pages/AboutUs/AboutUs')),
  '/contact': lazyPage(() => import('./pages/Contact/Contact')),
  '/platform': lazyPage(() => import('./pages/Platform/Platform')),
  '/careers': lazyPage(() => import('./pages/Careers/Careers')),
  '/blog': lazyPage(() => import('./pages/Blog/Blog')),
  '/blog/:slug': lazyPage(() => import('./pages/BlogArticle/BlogArticle')),
  '/help-center': lazyPage(() => import('./pages/HelpCenter/HelpCenter')),
  '/docs': lazyPage(() => import('./pages/Docs/Docs')),
  '/privacy-policy': lazyPage(() => import('./pages/PrivacyPolicy/PrivacyPolicy')),
  '/terms': lazyPage(() => import('./pages/Terms/Terms')),
};

const pageElement = (path: MarketingPath) => {
  const { Page } = PAGES[path];
  return <Page />;
};

/** Loads the module of the page at `pathname` (nothing to load for the home page or another section's path). */
export async function preloadPage(pathname: string): Promise<void> {
  const path = SECTION_ROUTES.marketing.find((pattern) => matchPath(pattern, pathname));
  if (path) await PAGES[path].preload?.();
}

export function MarketingRoutes() {
  return (
    <Suspense fallback={<PageLoading />}>
      <Routes>
        {SECTION_ROUTES.marketing.map((path) => (
          <Route key={path} path={path} element={pageElement(path)} />
        ))}
        {/* Another section's path: single-spa is about to unmount this one. */}
        <Route path="*" element={null} />
      </Routes>
    </Suspense>
  );
}

export function MarketingRoot() {
  return (
    <BrowserRouter>
      <SectionRoot name="marketing">
        <StoreProvider>
          <SectionErrorBoundary>
            <MarketingRoutes />
          </SectionErrorBoundary>
        </StoreProvider>
      </SectionRoot>
    </BrowserRouter>
  );
}

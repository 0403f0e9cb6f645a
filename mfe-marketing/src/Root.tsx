import type { ComponentType } from 'react';
import { BrowserRouter, matchPath } from 'react-router-dom';
import { SECTION_ROUTES } from '@portal/contracts';
import { SectionErrorBoundary, SectionPages, SectionRoot } from '@portal/ui';
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

/** Loads the module of the page at `pathname` (nothing to load for the home page or another section's path). */
export async function preloadPage(pathname: string): Promise<void> {
  const path = SECTION_ROUTES.marketing.find((pattern) => matchPath(pattern, pathname));
  if (path) await PAGES[path].preload?.();
}

export function MarketingRoutes() {
  return (
    <SectionPages
      paths={SECTION_ROUTES.marketing}
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
          <SectionErrorBoundary>
            <MarketingRoutes />
          </SectionErrorBoundary>
        </StoreProvider>
      </SectionRoot>
    </BrowserRouter>
  );
}

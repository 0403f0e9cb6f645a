import { Suspense } from 'react';
import {
  PageLoading,
  SectionErrorBoundary,
  SectionRoot,
  SectionRoutes,
  matchPath,
  type SectionRoute,
} from '@portal/ui';
import { StoreProvider } from '@portal/store';
import { lazyPage, type LazyPage } from './lazyPage';
import { Home } from './pages/Home/Home';

// Every page but the home page loads on demand.
const Services = lazyPage(() => import('./pages/Services/Services'));
const Pricing = lazyPage(() => import('./pages/Pricing/Pricing'));
const About = lazyPage(() => import('./pages/About/About'));
const AboutUs = lazyPage(() => import('./pages/AboutUs/AboutUs'));
const Contact = lazyPage(() => import('./pages/Contact/Contact'));
const Platform = lazyPage(() => import('./pages/Platform/Platform'));
const Careers = lazyPage(() => import('./pages/Careers/Careers'));
const Blog = lazyPage(() => import('./pages/Blog/Blog'));
const BlogArticle = lazyPage(() => import('./pages/BlogArticle/BlogArticle'));
const HelpCenter = lazyPage(() => import('./pages/HelpCenter/HelpCenter'));
const Docs = lazyPage(() => import('./pages/Docs/Docs'));
const PrivacyPolicy = lazyPage(() => import('./pages/PrivacyPolicy/PrivacyPolicy'));
const Terms = lazyPage(() => import('./pages/Terms/Terms'));

const page = (path: string, { Page, preload }: LazyPage) => ({ path, element: <Page />, preload });

const routes: readonly (SectionRoute & { preload?: () => Promise<void> })[] = [
  { path: '/', element: <Home /> },
  page('/services', Services),
  page('/pricing', Pricing),
  page('/about', About),
  page('/about-us', AboutUs),
  page('/contact', Contact),
  page('/platform', Platform),
  page('/careers', Careers),
  page('/blog', Blog),
  page('/blog/:slug', BlogArticle),
  page('/help-center', HelpCenter),
  page('/docs', Docs),
  page('/privacy-policy', PrivacyPolicy),
  page('/terms', Terms),
];

/** Loads the module of the page at `pathname` (nothing to load for the home page or another section's path). */
export async function preloadPage(pathname: string): Promise<void> {
  await routes.find((route) => matchPath(route.path, pathname))?.preload?.();
}

export function MarketingRoutes() {
  return (
    <Suspense fallback={<PageLoading />}>
      <SectionRoutes routes={routes} />
    </Suspense>
  );
}

export function MarketingRoot() {
  return (
    <SectionRoot name="marketing">
      <StoreProvider>
        <SectionErrorBoundary>
          <MarketingRoutes />
        </SectionErrorBoundary>
      </StoreProvider>
    </SectionRoot>
  );
}

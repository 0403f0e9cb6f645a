import { Suspense, lazy } from 'react';
import { PageLoading, SectionErrorBoundary, SectionRoot, SectionRoutes } from '@portal/ui';
import { StoreProvider } from '@portal/store';
import { Home } from './pages/Home/Home';

// Every page but the home page loads on demand.
const Services = lazy(() => import('./pages/Services/Services'));
const Pricing = lazy(() => import('./pages/Pricing/Pricing'));
const About = lazy(() => import('./pages/About/About'));
const AboutUs = lazy(() => import('./pages/AboutUs/AboutUs'));
const Contact = lazy(() => import('./pages/Contact/Contact'));
const Platform = lazy(() => import('./pages/Platform/Platform'));
const Careers = lazy(() => import('./pages/Careers/Careers'));
const Blog = lazy(() => import('./pages/Blog/Blog'));
const BlogArticle = lazy(() => import('./pages/BlogArticle/BlogArticle'));
const HelpCenter = lazy(() => import('./pages/HelpCenter/HelpCenter'));
const Docs = lazy(() => import('./pages/Docs/Docs'));
const PrivacyPolicy = lazy(() => import('./pages/PrivacyPolicy/PrivacyPolicy'));
const Terms = lazy(() => import('./pages/Terms/Terms'));

const routes = [
  { path: '/', element: <Home /> },
  { path: '/services', element: <Services /> },
  { path: '/pricing', element: <Pricing /> },
  { path: '/about', element: <About /> },
  { path: '/about-us', element: <AboutUs /> },
  { path: '/contact', element: <Contact /> },
  { path: '/platform', element: <Platform /> },
  { path: '/careers', element: <Careers /> },
  { path: '/blog', element: <Blog /> },
  { path: '/blog/:slug', element: <BlogArticle /> },
  { path: '/help-center', element: <HelpCenter /> },
  { path: '/docs', element: <Docs /> },
  { path: '/privacy-policy', element: <PrivacyPolicy /> },
  { path: '/terms', element: <Terms /> },
];

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

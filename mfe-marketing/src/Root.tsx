import { Suspense, lazy } from 'react';
import { Provider } from 'react-redux';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { PageLoading, SectionErrorBoundary, SectionRoot } from '@portal/ui';
import { store } from '@portal/store';
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

export function MarketingRoutes() {
  return (
    <Suspense fallback={<PageLoading />}>
      <Routes>
        <Route path="/" element={<Home />} />
        <Route path="/services" element={<Services />} />
        <Route path="/pricing" element={<Pricing />} />
        <Route path="/about" element={<About />} />
        <Route path="/about-us" element={<AboutUs />} />
        <Route path="/contact" element={<Contact />} />
        <Route path="/platform" element={<Platform />} />
        <Route path="/careers" element={<Careers />} />
        <Route path="/blog" element={<Blog />} />
        <Route path="/blog/:slug" element={<BlogArticle />} />
        <Route path="/help-center" element={<HelpCenter />} />
        <Route path="/docs" element={<Docs />} />
        <Route path="/privacy-policy" element={<PrivacyPolicy />} />
        <Route path="/terms" element={<Terms />} />
        {/* Other paths belong to other sections; this one is about to unmount. */}
        <Route path="*" element={null} />
      </Routes>
    </Suspense>
  );
}

export function MarketingRoot() {
  return (
    <SectionRoot name="marketing">
      <Provider store={store}>
        <BrowserRouter>
          <SectionErrorBoundary>
            <MarketingRoutes />
          </SectionErrorBoundary>
        </BrowserRouter>
      </Provider>
    </SectionRoot>
  );
}

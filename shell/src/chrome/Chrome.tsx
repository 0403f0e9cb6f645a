import { Suspense, lazy } from 'react';
import { createPortal } from 'react-dom';
import { BrowserRouter, useLocation } from 'react-router-dom';
import { SectionRoot } from '@portal/ui';
import { StoreProvider } from '@portal/store';
import { sectionForPath } from '../routes';
import { Footer } from './Footer';
import { Header } from './Header';
import { QuoteDialog } from './QuoteDialog';
import { ToastHost } from './ToastHost';

// Seldom seen: the 404 page loads when a path has no section, off the first visit's bytes.
const NotFound = lazy(() => import('./NotFound').then(({ NotFound }) => ({ default: NotFound })));

export interface ChromeSlots {
  header: HTMLElement;
  footer: HTMLElement;
  notFound: HTMLElement;
}

/**
 * The shell's React application, always mounted: header and footer around the section area, the
 * 404 page for paths no section serves, the quote dialog and the toast host. It has a router of its
 * own, like each section: they all follow the one address.
 */
export function Chrome({ slots }: { slots: ChromeSlots }) {
  return (
    <BrowserRouter>
      <ChromeParts slots={slots} />
    </BrowserRouter>
  );
}

function ChromeParts({ slots }: { slots: ChromeSlots }) {
  const { pathname } = useLocation();
  return (
    <SectionRoot name="shell" baseline>
      <StoreProvider>
        {createPortal(<Header pathname={pathname} />, slots.header)}
        {sectionForPath(pathname) === null &&
          createPortal(
            <Suspense fallback={null}>
              <NotFound />
            </Suspense>,
            slots.notFound,
          )}
        {createPortal(<Footer />, slots.footer)}
        <QuoteDialog />
        <ToastHost />
      </StoreProvider>
    </SectionRoot>
  );
}

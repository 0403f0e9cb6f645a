import { Suspense, lazy } from 'react';
import { createPortal } from 'react-dom';
import { SectionRoot, usePathname } from '@portal/ui';
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
 * 404 page for paths no section serves, the quote dialog and the toast host.
 */
export function Chrome({ slots }: { slots: ChromeSlots }) {
  const pathname = usePathname();
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

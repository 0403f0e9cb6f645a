import { createPortal } from 'react-dom';
import { Provider } from 'react-redux';
import { SectionRoot } from '@portal/ui';
import { store } from '@portal/store';
import { sectionForPath } from '../routes';
import { Footer } from './Footer';
import { Header } from './Header';
import { NotFound } from './NotFound';
import { QuoteDialog } from './QuoteDialog';
import { ToastHost } from './ToastHost';
import { usePathname } from './usePathname';

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
      <Provider store={store}>
        {createPortal(<Header pathname={pathname} />, slots.header)}
        {sectionForPath(pathname) === null && createPortal(<NotFound />, slots.notFound)}
        {createPortal(<Footer />, slots.footer)}
        <QuoteDialog />
        <ToastHost />
      </Provider>
    </SectionRoot>
  );
}

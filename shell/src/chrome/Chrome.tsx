import { Suspense, lazy, useLayoutEffect } from 'react';
import { createPortal } from 'react-dom';
import { BrowserRouter, useLocation } from 'react-router-dom';
import { SectionRoot } from '@portal/ui';
import { StoreProvider, selectSessionStatus, selectSessionUser, useAppSelector } from '@portal/store';
import { sectionForPath } from '@portal/contracts';
import { isStaffRole, setStaffSignedIn } from '../staff-access';
import { Footer } from './Footer';
import { Header } from './Header';
import { QuoteDialog } from './QuoteDialog';
import { ToastHost } from './ToastHost';

// Seldom seen: the 404 page loads when a path has no section, off the first visit's bytes.
const NotFound = lazy(() => import('./NotFound').then(({ NotFound }) => ({ default: NotFound })));
// At a staff console address, for anyone but a signed-in staff member.
const StaffNotice = lazy(() => import('./StaffNotice').then(({ StaffNotice }) => ({ default: StaffNotice })));

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

/**
 * Tells the root config whether a staff member is signed in (the staff console's `activeWhen`), and
 * at a console address shows anyone else the shell's own notice instead of the console.
 */
export function StaffGate({ pathname, slot }: { pathname: string; slot: HTMLElement }) {
  const session = useAppSelector(selectSessionStatus);
  const staff = isStaffRole(useAppSelector(selectSessionUser)?.role) && session === 'signedIn';
  useLayoutEffect(() => setStaffSignedIn(staff), [staff]);
  if (staff || sectionForPath(pathname) !== 'staff') return null;
  return createPortal(
    <Suspense fallback={null}>
      <StaffNotice session={session} pathname={pathname} />
    </Suspense>,
    slot,
  );
}

/**
 * The served page carries a copy of the signed-out header and footer (prerendered by the shell's
 * build, inert): the live ones replace it in the commit that first renders them, before the browser
 * paints again, so nothing flashes or moves and no landmark is there twice.
 */
function useReplacePrerenderedCopy({ header, footer }: ChromeSlots) {
  useLayoutEffect(() => {
    for (const slot of [header, footer]) slot.querySelector(':scope>[data-prerendered]')?.remove();
  }, [header, footer]);
}

function ChromeParts({ slots }: { slots: ChromeSlots }) {
  const { pathname } = useLocation();
  useReplacePrerenderedCopy(slots);
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
        <StaffGate pathname={pathname} slot={slots.notFound} />
        {createPortal(<Footer />, slots.footer)}
        <QuoteDialog />
        <ToastHost />
      </StoreProvider>
    </SectionRoot>
  );
}

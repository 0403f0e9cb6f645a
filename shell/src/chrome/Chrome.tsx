import { Suspense, lazy, useEffect, useLayoutEffect, useState, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { BrowserRouter, useLocation } from 'react-router-dom';
import { SectionRoot } from '@portal/ui';
import { StoreProvider, selectSessionStatus, selectSessionUser, useAppSelector } from '@portal/store';
import { routeTableState, subscribeToRouteTable } from '../sections/route-table';
import { checkingPath, checkUnknownPath, startSections, worthChecking } from '../sections/site-sections';
import { isStaffRole, setStaffSignedIn } from '../staff-access';
import { Footer } from './Footer';
import { Header } from './Header';
import { QuoteDialog } from './QuoteDialog';
import { ToastHost } from './ToastHost';

// Seldom seen: the 404 page loads when a path has no section, off the first visit's bytes.
const NotFound = lazy(() => import('./NotFound').then(({ NotFound }) => ({ default: NotFound })));
// When the site's manifest cannot be read: no page can be told.
const SiteUnavailable = lazy(() =>
  import('../sections/show-section-error').then(({ SiteUnavailable }) => ({ default: SiteUnavailable })),
);
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

/** The section serving `pathname` by the released routes: null where none does, undefined until they are known. */
function useSectionAt(pathname: string) {
  const table = useSyncExternalStore(subscribeToRouteTable, routeTableState);
  return { table, section: table.status === 'ready' ? table.matcher.sectionFor(pathname) : undefined };
}

/**
 * Where no section serves the address: the 404 page, once the manifest has been asked again if the
 * routes in hand are not fresh (a section released since may serve it); while the routes are not
 * known, nothing; when the manifest cannot be read, the error with Retry.
 */
export function OutsideSections({ pathname, slot }: { pathname: string; slot: HTMLElement }) {
  const { table, section } = useSectionAt(pathname);
  // Renders again once a check of the manifest ends (the routes may not have changed).
  const [, setCheckedPath] = useState<string | null>(null);
  const check = section === null && worthChecking(pathname);
  useEffect(() => {
    if (check) void checkUnknownPath(pathname).finally(() => setCheckedPath(pathname));
  }, [check, pathname]);
  let page = null;
  if (table.status === 'failed') page = <SiteUnavailable onRetry={() => void startSections()} />;
  else if (section === null && !check && !checkingPath(pathname)) page = <NotFound />;
  return page && createPortal(<Suspense fallback={null}>{page}</Suspense>, slot);
}

/**
 * Tells the root config whether a staff member is signed in (the staff console's `activeWhen`), and
 * at a console address shows anyone else the shell's own notice instead of the console.
 */
export function StaffGate({ pathname, slot }: { pathname: string; slot: HTMLElement }) {
  const session = useAppSelector(selectSessionStatus);
  const staff = isStaffRole(useAppSelector(selectSessionUser)?.role) && session === 'signedIn';
  useLayoutEffect(() => setStaffSignedIn(staff), [staff]);
  const { section } = useSectionAt(pathname);
  if (staff || section !== 'staff') return null;
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
        <OutsideSections pathname={pathname} slot={slots.notFound} />
        <StaffGate pathname={pathname} slot={slots.notFound} />
        {createPortal(<Footer />, slots.footer)}
        <QuoteDialog />
        <ToastHost />
      </StoreProvider>
    </SectionRoot>
  );
}

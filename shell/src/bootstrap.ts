/**
 * The single-spa root config: small and framework-free. It registers the shell's chrome (always
 * active) and the four remote sections by route, then starts routing. The staff console is active only
 * for a signed-in staff member (staff-access.ts): no one else's browser downloads it.
 */
import { registerApplication, start, unloadApplication } from 'single-spa';
import { forgetFailedShares } from './federation/forget-failed-shares';
import { loadSection, refreshRemote } from './federation/remotes';
import { checkSharedVersions } from './federation/shared-version-check';
import { yieldBetweenShares } from './federation/yield-between-shares';
import { watchNavigation } from './navigation-effects';
import { SECTION_NAMES, sectionForPath } from '@portal/contracts';
import { removeStalePrerendered } from './sections/prerendered';
import { sectionApplication, type SectionProps } from './sections/section-application';
import { watchSectionVersions } from './sections/section-versions';
import { staffConsoleAllowed } from './staff-access';
import { makeZodCspSafe } from './zod-jitless';

const slot = (id: string): HTMLElement => {
  const element = document.getElementById(id);
  if (!element) throw new Error(`index.html lacks #${id}`);
  return element;
};

makeZodCspSafe();
yieldBetweenShares();
forgetFailedShares();
checkSharedVersions();
watchNavigation(slot('main'));
watchSectionVersions({ refreshRemote, remount: (name) => unloadApplication(name) });

registerApplication({
  name: 'chrome',
  app: () => import('./chrome/lifecycles'),
  activeWhen: () => true,
});

for (const name of SECTION_NAMES) {
  const section = sectionApplication(name, {
    load: () => loadSection(name),
    showError: (element, details) =>
      import('./sections/show-section-error').then(({ showSectionError }) =>
        showSectionError(element, details),
      ),
  });
  registerApplication<SectionProps>({
    name,
    // The remote downloads in single-spa's loading phase, so its mount only renders.
    app: section.load,
    activeWhen: (location) =>
      sectionForPath(location.pathname) === name && (name !== 'staff' || staffConsoleAllowed()),
    customProps: { domElementGetter: () => slot(`section-${name}`) },
  });
}

// The visitor may move on before the section of the served page has downloaded, let alone mounted.
const removeStaleCopies = () => removeStalePrerendered(sectionForPath(window.location.pathname));
removeStaleCopies();
window.addEventListener('single-spa:before-routing-event', removeStaleCopies);
start({ urlRerouteOnly: true });

/**
 * The single-spa root config: small and framework-free. It registers the shell's chrome (always
 * active) and the four remote sections on the routes the manifest gives them
 * (sections/site-sections.ts), then starts routing. The staff console is active only for a signed-in staff member
 * (staff-access.ts): no one else's browser downloads it.
 */
import { registerApplication, start, unloadApplication } from 'single-spa';
import { forgetFailedShares } from './federation/forget-failed-shares';
import { refreshRemote } from './federation/remotes';
import { checkSharedVersions } from './federation/shared-version-check';
import { yieldBetweenShares } from './federation/yield-between-shares';
import { watchNavigation } from './navigation-effects';
import { startSections } from './sections/site-sections';
import { watchSectionVersions } from './sections/section-versions';
import { makeZodCspSafe } from './zod-jitless';

makeZodCspSafe();
yieldBetweenShares();
forgetFailedShares();
checkSharedVersions();
const main = document.getElementById('main');
if (!main) throw new Error('index.html lacks #main');
watchNavigation(main);
watchSectionVersions({ refreshRemote, remount: (name) => unloadApplication(name) });

registerApplication({
  name: 'chrome',
  app: () => import('./chrome/lifecycles'),
  activeWhen: () => true,
});

// Routing starts once the sections are registered (or the manifest failed): the first route change
// then loads the chrome and the page's section together, as one loading phase.
void startSections().then(() => start({ urlRerouteOnly: true }));

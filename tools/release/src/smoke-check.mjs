// The checks a version passes on the running stack before any visitor gets it: every file its
// federation manifest names is served, and a browser given that version runs the section's page.
import { existsSync } from 'node:fs';
import contracts from '@portal/contracts';

const { SECTION_ROUTES_FILE, sectionRoutesFile } = contracts;
/** The page each section's check opens; the staff console needs a staff sign-in, so it gets the HTTP check only. */
export const SMOKE_PAGES = {
  marketing: '/pricing',
  checkout: '/login',
  dashboard: '/dashboard',
  staff: null,
};

const SECTION_ERROR = 'This page could not be loaded';
const BROWSER_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Every file of a federation manifest (`mf-manifest.json`): its entry and the assets of its exposes and shares. */
export function filesOfFederationManifest(manifest) {
  const files = new Set([manifest.metaData.remoteEntry.name]);
  for (const item of [...manifest.exposes, ...manifest.shared]) {
    for (const kind of ['js', 'css']) {
      for (const timing of ['sync', 'async'])
        for (const file of item.assets?.[kind]?.[timing] ?? []) files.add(file);
    }
  }
  return [...files];
}

async function fetchOk(url) {
  const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response;
}

/**
 * Every file of the version at `base` (the gateway's path of a version in the store, or another
 * origin's URL), fetched as a browser would; answers the files by name.
 */
export async function fetchVersionFiles(base, section) {
  const manifestText = await (await fetchOk(`${base}mf-manifest.json`)).text();
  const manifest = JSON.parse(manifestText);
  if (manifest.name !== section)
    throw new Error(`${base}mf-manifest.json is ${manifest.name}'s, not ${section}'s`);
  const files = new Map([['mf-manifest.json', Buffer.from(manifestText)]]);
  // The section's routes: which paths it serves once it is current (docs/adr/0231).
  const routesText = await (await fetchOk(`${base}${SECTION_ROUTES_FILE}`)).text();
  const routes = sectionRoutesFile.safeParse(JSON.parse(routesText));
  if (!routes.success) {
    throw new Error(
      `${base}${SECTION_ROUTES_FILE} is not a section's routes: ${routes.error.issues[0]?.message}`,
    );
  }
  files.set(SECTION_ROUTES_FILE, Buffer.from(routesText));
  const names = filesOfFederationManifest(manifest);
  for (let i = 0; i < names.length; i += 8) {
    await Promise.all(
      names.slice(i, i + 8).map(async (name) => {
        files.set(name, Buffer.from(await (await fetchOk(`${base}${name}`)).arrayBuffer()));
      }),
    );
  }
  return files;
}

/** The Chromium to drive: CHROMIUM_PATH, else Debian's; null when there is none. */
export function chromiumPath(env = process.env) {
  const candidate = env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  return existsSync(candidate) ? candidate : null;
}

/**
 * Opens the section's page in a browser whose `/mfe-manifest.json` names the candidate at `base` for
 * that section (everyone else still gets the current one) and waits for the section to render: no
 * section error, no uncaught error, the candidate's own code loaded. A candidate on another origin is
 * not yet in the page's Content-Security-Policy (the switch puts it there), so that check runs without it.
 */
export async function checkInBrowser(portalUrl, section, base, executablePath) {
  const page = SMOKE_PAGES[section];
  if (!page) return false;
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath, args: BROWSER_FLAGS });
  try {
    const otherOrigin = new URL(base, portalUrl).origin !== new URL(portalUrl).origin;
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      bypassCSP: otherOrigin,
    });
    const tab = await context.newPage();
    const errors = [];
    tab.on('pageerror', (error) => errors.push(error.message));
    await tab.route('**/mfe-manifest.json', async (route) => {
      const response = await route.fetch();
      const entries = await response.json();
      // Without the section's routes the shell reads the candidate's own (a new page is checked too).
      const routes = Object.fromEntries(
        Object.entries(entries.routes ?? {}).filter(([name]) => name !== section),
      );
      route.fulfill({ response, json: { ...entries, [section]: `${base}mf-manifest.json`, routes } });
    });
    const entryUrl = new URL(`${base}remoteEntry.js`, portalUrl).href;
    const entryLoaded = tab.waitForResponse((response) => response.url() === entryUrl && response.ok(), {
      timeout: 30_000,
    });
    await tab.goto(`${portalUrl}${page}`, { timeout: 30_000 });
    await entryLoaded;
    // The section's own render in its slot, unless it sent the visitor on (the dashboard, signed out).
    await tab.waitForFunction(
      ({ slotId, path }) => {
        const { document, location } = globalThis;
        if (location.pathname !== path) return true;
        const slot = document.getElementById(slotId);
        return Boolean(slot?.firstElementChild && !slot.querySelector(':scope > [data-prerendered]'));
      },
      { slotId: `section-${section}`, path: page },
      { timeout: 30_000 },
    );
    await tab.waitForTimeout(500);
    if (await tab.getByRole('heading', { name: SECTION_ERROR }).count()) {
      throw new Error(`${page} showed the section error with ${section} from ${base}`);
    }
    if (errors.length) throw new Error(`${page} threw with ${section} from ${base}: ${errors.join('; ')}`);
    return true;
  } finally {
    await browser.close();
  }
}

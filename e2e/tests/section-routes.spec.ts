import { execFile } from 'node:child_process';
import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { releaseTool } from '../support/release-tool';
import { e2eReleasesRoot } from '../support/releases.mjs';

// Sections own their routes (ADR 0231): a page added to one section's build is served once that build
// is released, with the shell, the gateway and every other section as they were; an open tab reaches
// it by a link, and a rollback takes it away.

const repoRoot = path.resolve(__dirname, '..', '..');
// Inside the workspace (its packages resolve from there) and out of git (tmp/ is ignored).
const workFolder = path.join(repoRoot, 'tmp', `e2e-section-routes-${process.pid}`);
const newPath = '/order-help';
const newHeading = 'Help with your order';

async function replaceIn(file: string, from: string, to: string) {
  const text = await readFile(file, 'utf8');
  if (!text.includes(from)) throw new Error(`${file} no longer holds ${JSON.stringify(from)}`);
  await writeFile(file, text.replace(from, to));
}

/**
 * The checkout section's source as a squad changes it: a page at /order-help, in its routes and its
 * page table; built on its own as `nx build` builds it. Answers the build's folder.
 */
async function buildCheckoutWithNewPage(): Promise<string> {
  const app = path.join(workFolder, 'mfe-checkout');
  await mkdir(app, { recursive: true });
  for (const entry of ['src', 'webpack.config.js', 'tsconfig.json']) {
    await cp(path.join(repoRoot, 'mfe-checkout', entry), path.join(app, entry), { recursive: true });
  }
  await replaceIn(path.join(app, 'src', 'routes.ts'), "'/signup',", `'/signup',\n  '${newPath}',`);
  await replaceIn(
    path.join(app, 'src', 'Root.tsx'),
    "  '/signup': register,",
    `  '/signup': register,\n  '${newPath}': lazyPage(() => import('./pages/OrderHelp/OrderHelp')),`,
  );
  await mkdir(path.join(app, 'src', 'pages', 'OrderHelp'));
  await writeFile(
    path.join(app, 'src', 'pages', 'OrderHelp', 'OrderHelp.tsx'),
    `import Typography from '@mui/material/Typography';
import { PageContainer, usePageTitle } from '@portal/ui';

export default function OrderHelp() {
  usePageTitle('Order help');
  return (
    <PageContainer sx={{ py: 8 }}>
      <Typography variant="h1">${newHeading}</Typography>
    </PageContainer>
  );
}
`,
  );
  await new Promise<void>((resolve, reject) =>
    execFile(
      path.join(repoRoot, 'node_modules', '.bin', 'webpack'),
      ['--mode', 'production'],
      { cwd: app, timeout: 240_000 },
      (error, _stdout, stderr) =>
        error ? reject(new Error(`the build failed: ${stderr || error.message}`)) : resolve(),
    ),
  );
  return path.join(app, 'dist');
}

const versionIn = (output: string) => /checkout ([0-9a-f]{12}) is live/.exec(output)?.[1] ?? '';

test.describe('a page added to one section', () => {
  test.describe.configure({ timeout: 360_000 });

  test.afterAll(async () => {
    await rm(workFolder, { recursive: true, force: true });
    // The other specs see checkout as built again.
    await rm(e2eReleasesRoot, { recursive: true, force: true });
  });

  test('is served once that section alone is released, reached from an open tab, and gone on rollback', async ({
    page,
    request,
    browser,
  }) => {
    const shellPage = await (await request.get('/')).text();
    expect((await request.get(newPath)).status()).toBe(404);
    await page.goto(newPath);
    await expect(page.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeVisible();

    // A visitor who is on the site before the release.
    const openTab = await browser.newPage();
    await openTab.goto('/login');
    await expect(openTab.getByRole('heading', { level: 1 })).toBeVisible();

    // Checkout as deployed, released first: the version a rollback goes back to.
    await releaseTool('release', ['checkout', '--from', path.join(repoRoot, 'mfe-checkout', 'dist')]);
    const built = await buildCheckoutWithNewPage();
    const released = await releaseTool('release', ['checkout', '--from', built]);
    const version = versionIn(released.output);
    expect(version).toMatch(/^[0-9a-f]{12}$/);

    // New visitors: the page answers 200 and the section draws it; the shell's page is the same file.
    const answer = await request.get(newPath);
    expect(answer.status()).toBe(200);
    expect(await (await request.get('/')).text()).toBe(shellPage);
    const manifest = (await (await request.get('/mfe-manifest.json')).json()) as {
      checkout: string;
      routes: Record<string, string[]>;
    };
    expect(manifest.checkout).toContain(`/releases/${version}/`);
    expect(manifest.routes.checkout).toContain(newPath);
    await page.goto(newPath);
    await expect(page.getByRole('heading', { level: 1, name: newHeading })).toBeVisible();
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toHaveCount(0);
    await expect(page).toHaveTitle(/^Order help/);

    // The open tab follows a link to it: the shell asks the manifest again and mounts the new version.
    await openTab.waitForTimeout(5_000); // the routes it holds are no longer fresh (site-sections.ts)
    await openTab.evaluate((to) => {
      const link = Object.assign(document.createElement('a'), { href: to, textContent: 'Order help' });
      link.addEventListener('click', (event) => {
        event.preventDefault();
        window.history.pushState(null, '', to);
        window.dispatchEvent(new PopStateEvent('popstate'));
      });
      document.body.append(link);
      link.click();
    }, newPath);
    await expect(openTab.getByRole('heading', { level: 1, name: newHeading })).toBeVisible();
    await expect(openTab.getByRole('heading', { name: '404 Page Not Found' })).toHaveCount(0);
    // Back on a page the tab's first version served, the new version draws it.
    await openTab.goBack();
    await expect(openTab.getByRole('heading', { level: 1, name: newHeading })).toHaveCount(0);
    await expect(openTab.locator('#section-checkout form')).toBeVisible();
    await openTab.close();

    const rollback = await releaseTool('rollback', ['checkout']);
    expect(rollback.seconds).toBeLessThan(10);
    expect((await request.get(newPath)).status()).toBe(404);
    await page.goto(newPath);
    await expect(page.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeVisible();
  });
});

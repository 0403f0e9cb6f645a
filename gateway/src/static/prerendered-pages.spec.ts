import { mkdtemp, mkdir, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import {
  composePage,
  fragmentFiles,
  PrerenderedPages,
  type FragmentRelease,
  SITE_URL_TOKEN,
  type PageFragment,
} from './prerendered-pages';
import { routeMatcher, type SectionName } from '@portal/contracts';
import { ShellPage } from './shell-page';

// The shell's index.html as its build minifies it (quotes dropped where it can).
const indexHtml =
  '<!doctype html><html lang=en><head><meta charset=utf-8><meta name=theme-color content=#0A1020>' +
  '<title>Contact-center outsourcing | Millstone CX</title><meta name=description content="The site in one line.">' +
  '<meta property=og:title content="Contact-center outsourcing"><meta property=og:image content=/og-image.png>' +
  '<meta property=og:image:width content=1200><meta name=twitter:card content=summary_large_image>' +
  '<script defer src=/main.3f9a1c2b.js></script></head><body><main id=main>' +
  '<div id=section-marketing></div><div id=section-checkout></div></main></body></html>';

const pricing: PageFragment = {
  head:
    '<title data-prerendered="">Pricing | Millstone CX</title>' +
    '<meta name="description" content="Custom quotes, $0 setup." data-prerendered="">' +
    `<link rel="canonical" href="${SITE_URL_TOKEN}/pricing" data-prerendered="">` +
    '<style data-emotion="mfe-marketing abc">.mfe-marketing-abc{color:red}</style>',
  section:
    '<div data-prerendered inert><h1>Custom pricing, with no hidden fees</h1><p>From $2 a call</p></div>',
};

describe('composePage', () => {
  const page = composePage(indexHtml, pricing, 'https://www.example.com')!;

  it("puts the page's head in place of the shell's default title, description and preview tags", () => {
    expect(page.match(/<title/g)).toHaveLength(1);
    expect(page).toContain('<title data-prerendered="">Pricing | Millstone CX</title>');
    expect(page.match(/name="?description/g)).toHaveLength(1);
    expect(page).not.toContain('og:title');
    expect(page).not.toContain('og:image');
    expect(page).not.toContain('twitter:card');
    expect(page).toMatch(/<meta charset=utf-8><meta name=theme-color content=#0A1020>/);
    expect(page).toContain('<script defer src=/main.3f9a1c2b.js></script>');
  });

  it("writes the site's address where the prerenderer left its token", () => {
    expect(page).toContain(
      '<link rel="canonical" href="https://www.example.com/pricing" data-prerendered="">',
    );
    expect(page).not.toContain(SITE_URL_TOKEN);
  });

  it("writes the site's address in the content too (a code sample's base URL)", () => {
    const docs = { ...pricing, section: `<pre>fetch('${SITE_URL_TOKEN}/v1/tickets')</pre>` };
    expect(composePage(indexHtml, docs, 'https://www.example.com')).toContain(
      "<pre>fetch('https://www.example.com/v1/tickets')</pre>",
    );
  });

  it("puts the content in the marketing section's slot only, dollar signs and all", () => {
    expect(page).toContain(
      `<div id=section-marketing>${pricing.section}</div><div id=section-checkout></div>`,
    );
    expect(page).toContain('Custom quotes, $0 setup.');
  });

  it("keeps the shell's own prerendered header and footer and their styles as they are", () => {
    const chrome =
      '<div id=shell-header><div data-prerendered inert><header><nav aria-label="Main">' +
      '<a href="/pricing">Pricing</a></nav></header></div><!--/prerendered--></div>';
    const footer =
      '<div id=shell-footer><div data-prerendered inert><footer><a href="/terms">Terms of Service</a>' +
      '</footer></div><!--/prerendered--></div>';
    const styles = '<style data-emotion="mfe-shell x1">.mfe-shell-x1{display:flex}</style>';
    const shellPage = indexHtml
      .replace('</head>', `${styles}</head>`)
      .replace('<main id=main>', `${chrome}<main id=main>`)
      .replace('</main>', `</main>${footer}`);
    const composed = composePage(shellPage, pricing, 'https://www.example.com')!;
    expect(composed).toContain(
      `${styles}${pricing.head.replace(SITE_URL_TOKEN, 'https://www.example.com')}</head>`,
    );
    expect(composed).toContain(`${chrome}<main id=main><div id=section-marketing>${pricing.section}`);
    expect(composed).toContain(`</main>${footer}`);
  });

  it('gives up on a page without the slot', () => {
    expect(
      composePage('<html><head></head><body></body></html>', pricing, 'https://www.example.com'),
    ).toBeNull();
  });
});

describe('PrerenderedPages', () => {
  const { sectionFor } = routeMatcher({ marketing: ['/', '/pricing', '/blog/:slug'], checkout: ['/login'] });
  let root: string;
  let pages: PrerenderedPages;
  const errors: string[] = [];
  const shellRoot = () => path.join(root, 'shell');
  const pagesRoot = () => path.join(root, 'marketing', 'prerendered');
  const checkoutPagesRoot = () => path.join(root, 'checkout', 'prerendered');
  let released: Partial<Record<SectionName, FragmentRelease>>;
  const login: PageFragment = {
    head: '<title data-prerendered="">Sign in | Millstone CX</title>',
    section: '<div data-prerendered inert><h1>Welcome back</h1></div>',
  };

  beforeEach(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'prerendered-'));
    await mkdir(shellRoot());
    await mkdir(path.join(pagesRoot(), 'blog'), { recursive: true });
    await writeFile(path.join(shellRoot(), 'index.html'), indexHtml);
    await writeFile(path.join(pagesRoot(), 'pricing.json'), JSON.stringify(pricing));
    await writeFile(
      path.join(pagesRoot(), 'index.json'),
      JSON.stringify({ ...pricing, section: '<h1>Home</h1>' }),
    );
    await writeFile(
      path.join(pagesRoot(), 'blog', 'roi.json'),
      JSON.stringify({ ...pricing, section: '<h1>ROI</h1>' }),
    );
    await mkdir(checkoutPagesRoot(), { recursive: true });
    await writeFile(path.join(checkoutPagesRoot(), 'login.json'), JSON.stringify(login));
    errors.length = 0;
    released = {};
    pages = new PrerenderedPages(
      new ShellPage(shellRoot()),
      fragmentFiles(
        { marketing: path.join(root, 'marketing'), checkout: path.join(root, 'checkout') },
        path.join(root, 'releases'),
      ),
      'https://www.example.com',
      async (section) => released[section] ?? null,
      (_error, file) => errors.push(file),
    );
  });

  afterEach(() => rm(root, { recursive: true, force: true }));

  it.each([
    ['/pricing', 'Custom pricing'],
    ['/pricing/', 'Custom pricing'],
    ['/', '<h1>Home</h1>'],
    ['/blog/roi', '<h1>ROI</h1>'],
  ])('finds the page prerendered for %s', async (urlPath, text) => {
    const page = await pages.find(urlPath, sectionFor);
    expect(page?.html.toString()).toContain(text);
  });

  it("puts a page of another section in that section's slot", async () => {
    const html = (await pages.find('/login', sectionFor))?.html.toString();
    expect(html).toContain(`<div id=section-marketing></div><div id=section-checkout>${login.section}</div>`);
    expect(html).toContain('<title data-prerendered="">Sign in | Millstone CX</title>');
  });

  it('has the page compressed with gzip and brotli', async () => {
    const page = (await pages.find('/pricing', sectionFor))!;
    expect(zlib.gunzipSync(page.gzip).equals(page.html)).toBe(true);
    expect(zlib.brotliDecompressSync(page.br).equals(page.html)).toBe(true);
  });

  it.each([
    '/checkout',
    '/dashboard',
    '/blog',
    '/Pricing',
    '/no-such-page',
    '/../shell/index',
    '/pricing.json',
    '/blog//roi',
  ])('has nothing for %s', async (urlPath) => {
    expect(await pages.find(urlPath, sectionFor)).toBeNull();
  });

  it('serves a new build of either file at once', async () => {
    await pages.find('/pricing', sectionFor);
    const later = new Date(Date.now() + 5_000);
    await writeFile(
      path.join(pagesRoot(), 'pricing.json'),
      JSON.stringify({ ...pricing, section: '<h1>New</h1>' }),
    );
    await utimes(path.join(pagesRoot(), 'pricing.json'), later, later);
    expect((await pages.find('/pricing', sectionFor))?.html.toString()).toContain('<h1>New</h1>');

    await writeFile(
      path.join(shellRoot(), 'index.html'),
      indexHtml.replace('main.3f9a1c2b', 'main.0badc0de'),
    );
    await utimes(path.join(shellRoot(), 'index.html'), later, later);
    expect((await pages.find('/pricing', sectionFor))?.html.toString()).toContain('main.0badc0de');
  });

  it("serves the page of the section's current release, and the build's again without one", async () => {
    const releasedPages = path.join(root, 'releases', 'marketing', '0123456789ab', 'prerendered');
    await mkdir(releasedPages, { recursive: true });
    await writeFile(
      path.join(releasedPages, 'pricing.json'),
      JSON.stringify({ ...pricing, section: '<h1>Released</h1>' }),
    );
    expect((await pages.find('/pricing', sectionFor))?.html.toString()).toContain('Custom pricing');

    released.marketing = { version: '0123456789ab' };
    expect((await pages.find('/pricing', sectionFor))?.html.toString()).toContain('<h1>Released</h1>');
    expect(await pages.find('/', sectionFor)).toBeNull(); // not in that release

    delete released.marketing;
    expect((await pages.find('/pricing', sectionFor))?.html.toString()).toContain('Custom pricing');
  });

  it('reports an unreadable page and leaves the address to the shell', async () => {
    await writeFile(path.join(pagesRoot(), 'pricing.json'), '{ not json');
    expect(await pages.find('/pricing', sectionFor)).toBeNull();
    expect(errors).toEqual(['mfe/marketing/prerendered/pricing.json']);
  });

  it('has nothing while the shell is not built', async () => {
    await rm(path.join(shellRoot(), 'index.html'));
    expect(await pages.find('/pricing', sectionFor)).toBeNull();
  });
});

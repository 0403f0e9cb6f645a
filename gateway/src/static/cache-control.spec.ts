import { cacheControlFor, immutable, noCache } from './cache-control';

describe('cacheControlFor', () => {
  it.each([
    'index.html',
    '/srv/shell/mfe-manifest.json',
    'mfe/marketing/mf-manifest.json',
    'mfe/marketing/mf-manifest.json.br',
    '/srv/shell/mfe-manifest.json.gz',
    'mfe/checkout/remoteEntry.js',
    'mfe/checkout/remoteEntry.js.gz',
    'mfe/checkout/remoteEntry.js.br',
  ])('never lets %s be cached without revalidation', (file) => {
    expect(cacheControlFor(file)).toBe(noCache);
  });

  it.each([
    'main.3f9a1c2b.js',
    'main.3f9a1c2b.js.gz',
    '412.9e8d7c6b5a4f3e2d1c0b.js.br',
    'src_pages_Home_tsx.0a1b2c3d4e.js',
    'styles.deadbeef01.css',
    '3f9a1c2b7d6e5f4a3b2c.woff2',
    'fonts/inter-latin-wght-normal.4f2981d8.woff2',
    // The chunks of what every page loads, named by their group.
    'shared-mui.3b5a17ec.js.br',
    'shared-react.1729a91d.js',
  ])('caches the content-hashed %s for a year, immutable', (file) => {
    expect(cacheControlFor(file)).toBe(immutable);
  });

  it.each(['favicon.svg', 'robots.txt', 'main.js', 'logo.abc.png'])('revalidates the unhashed %s', (file) => {
    expect(cacheControlFor(file)).toBe(noCache);
  });
});

import { parseManifest, sectionFallbackPlugin } from './remotes';

describe('parseManifest', () => {
  const entries = {
    marketing: '/mfe/marketing/mf-manifest.json',
    checkout: '/mfe/checkout/mf-manifest.json',
    dashboard: 'http://localhost:4203/mf-manifest.json',
    staff: '/mfe/staff/mf-manifest.json',
  };

  it('reads one manifest URL per section', () => {
    expect(parseManifest(entries)).toEqual({ entries, routes: {} });
  });

  it("reads the sections' routes, leaving out a section's that are not a list of paths", () => {
    const routes = { marketing: ['/', '/blog/:slug'], checkout: '/login', dashboard: [7], staff: ['/staff'] };
    expect(parseManifest({ ...entries, routes })).toEqual({
      entries,
      routes: { marketing: ['/', '/blog/:slug'], staff: ['/staff'] },
    });
  });

  it('rejects a manifest that misses a section', () => {
    expect(() => parseManifest({ marketing: '/mfe/marketing/mf-manifest.json' })).toThrow(
      'no entry for the checkout section',
    );
    expect(() => parseManifest('nope')).toThrow('is not a JSON object');
  });
});

describe('sectionFallbackPlugin', () => {
  const plugin = sectionFallbackPlugin();
  const hook = plugin.errorLoadRemote as (args: { id: string; error: unknown; lifecycle: string }) => unknown;

  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => {}));
  afterEach(() => jest.restoreAllMocks());

  it('turns a failed remote load into a failure marker', () => {
    const error = new Error('ScriptNetworkError');
    expect(hook({ id: 'marketing/app', error, lifecycle: 'onLoad' })).toEqual({
      __portalSectionLoadFailed: error,
    });
  });

  it('turns an HTTP error on a manifest into a failed fetch', async () => {
    const server = await import('node:http').then(({ createServer }) =>
      createServer((_req, res) =>
        res
          .writeHead(404, { 'content-type': 'application/json' })
          .end('{"statusCode":404,"message":"Not Found"}'),
      ),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/mfe/marketing/mf-manifest.json`;
    const fetchHook = plugin.fetch as (url: string, init: RequestInit) => Promise<Response>;
    await expect(fetchHook(url, {})).rejects.toThrow(`404 Not Found for ${url}`);
    server.close();
  });

  it('leaves earlier stages alone (a value there would be taken as a manifest)', () => {
    expect(
      hook({ id: '/mfe/marketing/mf-manifest.json', error: new Error('404'), lifecycle: 'afterResolve' }),
    ).toBeUndefined();
  });
});

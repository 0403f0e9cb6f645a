import { mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { ShellPage } from './shell-page';

describe('ShellPage', () => {
  let root: string;

  beforeEach(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'gateway-shell-page-'));
  });

  afterEach(() => rm(root, { recursive: true, force: true }));

  it('keeps index.html as it is, gzip and brotli, with one weak ETag of its text', async () => {
    const html = `<!doctype html><title>Portal</title>${'<div>chrome</div>'.repeat(200)}`;
    await writeFile(path.join(root, 'index.html'), html);
    const page = (await new ShellPage(root).get())!;
    expect(page.html.toString()).toBe(html);
    expect(zlib.gunzipSync(page.gzip).toString()).toBe(html);
    expect(zlib.brotliDecompressSync(page.br).toString()).toBe(html);
    expect(page.br.length).toBeLessThan(page.html.length / 10);
    expect(page.etag).toMatch(/^W\/"[\w-]{27}"$/);
  });

  it('reads the file again once a build has changed it, and only then', async () => {
    const file = path.join(root, 'index.html');
    await writeFile(file, '<p>first build</p>');
    const shellPage = new ShellPage(root);
    const first = (await shellPage.get())!;
    expect(await shellPage.get()).toBe(first);

    await writeFile(file, '<p>second build</p>');
    await utimes(file, new Date(), new Date(Date.now() + 5_000));
    const second = (await shellPage.get())!;
    expect(second.html.toString()).toBe('<p>second build</p>');
    expect(second.etag).not.toBe(first.etag);
  });

  it('answers null where the build has no index.html', async () => {
    expect(await new ShellPage(root).get()).toBeNull();
  });
});

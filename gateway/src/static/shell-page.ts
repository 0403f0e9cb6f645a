import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';

/** A page as the gateway sends it: its bytes as they are, gzip -9, brotli 11, and one ETag for all three. */
export interface EncodedPage {
  html: Buffer;
  gzip: Buffer;
  br: Buffer;
  /** Weak (one for the three encodings, compared weakly by If-None-Match): the page's text. */
  etag: string;
}

export function encodePage(html: Buffer): EncodedPage {
  return {
    html,
    gzip: zlib.gzipSync(html, { level: 9 }),
    br: zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
    etag: `W/"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`,
  };
}

/**
 * The shell's index.html, for every route nothing was prerendered for (the dashboard, sign-in pages,
 * the 404 page): ~26 kB that the build cannot compress beside it, because the shell's build rewrites
 * it after webpack (its prerendered header and footer). Compressed here once, in memory, and again
 * when the file changes on disk (a deploy, `nx build` beside a running stack).
 */
export class ShellPage {
  private cached: { version: string; page: EncodedPage } | null = null;
  private readonly file: string;

  constructor(shellRoot: string) {
    this.file = path.join(shellRoot, 'index.html');
  }

  /** The page, or null when the build has none (the caller answers as for a missing file). */
  async get(): Promise<EncodedPage | null> {
    return (await this.current())?.page ?? null;
  }

  /** The page with the version of the file it was read from (a page composed from it is made again when it changes). */
  async current(): Promise<{ version: string; page: EncodedPage } | null> {
    const info = await stat(this.file).catch(() => null);
    if (!info?.isFile()) return null;
    const version = `${info.mtimeMs}:${info.size}`;
    if (this.cached?.version !== version)
      this.cached = { version, page: encodePage(await readFile(this.file)) };
    return this.cached;
  }
}

import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';

/** The files a build of `appDir` is made from: its sources and config, the workspace libraries', the lockfile. */
function inputFiles(appDir: string, root: string): string[] {
  const walk = (dir: string): string[] =>
    fs.existsSync(dir)
      ? fs
          .readdirSync(dir, { withFileTypes: true })
          .flatMap((entry) =>
            entry.isDirectory() ? walk(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
          )
      : [];
  const libs = path.join(root, 'libs');
  return [
    ...walk(path.join(appDir, 'src')),
    path.join(appDir, 'webpack.config.js'),
    ...fs.readdirSync(libs).flatMap((lib) => walk(path.join(libs, lib, 'src'))),
    path.join(root, 'package-lock.json'),
  ]
    .filter((file) => fs.existsSync(file))
    .sort();
}

/**
 * The JSONP array a remote's chunks register in (`self[<global>]`), named per build: a tab may run two
 * versions of a section one after the other (a release while it is open, docs/adr/0231). A new
 * version's runtime replays every chunk already in its array, so with one shared name it took the
 * earlier version's chunks, under the same deterministic ids, for its own, and failed. The name
 * follows the build's inputs, so the same sources still build the same files (a release's version is
 * the hash of its files).
 */
export function chunkLoadingGlobal(name: string, appDir: string, root: string): string {
  const hash = createHash('sha256');
  for (const file of inputFiles(appDir, root)) {
    hash.update(path.relative(root, file)).update('\0').update(fs.readFileSync(file)).update('\0');
  }
  return `webpackChunk_${name}_${hash.digest('hex').slice(0, 10)}`;
}

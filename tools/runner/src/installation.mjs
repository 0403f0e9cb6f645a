// Whether this checkout has what `npm start` and `npm test` run on: the packages package-lock.json
// locks, installed, and the Node the project brings (the `node` devDependency puts its binary in
// node_modules/.bin). Read by bootstrap.mjs on the machine's own Node, often an older one: it imports
// nothing but Node's own modules and uses no syntax newer than Node 14's.
import fs from 'node:fs';
import path from 'node:path';

/** The Node binary the project brings. */
export function projectNode(rootDir) {
  return path.join(rootDir, 'node_modules', '.bin', 'node');
}

/** The major version of Node the project runs on: the lower bound of `engines.node` in package.json. */
export function projectNodeMajor(rootDir) {
  const manifest = JSON.parse(fs.readFileSync(path.join(rootDir, 'package.json'), 'utf8'));
  return Number(manifest.engines.node.match(/\d+/)?.[0]);
}

/**
 * Why the checkout cannot run yet, or undefined when it can. npm keeps a record of what it installed,
 * node_modules/.package-lock.json, written after package-lock.json: a record newer than the lock
 * needs no reading (the usual case, a few stat calls). An older one (a pull or a checkout rewrote the
 * lock) is compared with the lock entry by entry, so only a lock whose packages changed reinstalls.
 */
export function missingInstall(rootDir) {
  const record = path.join(rootDir, 'node_modules', '.package-lock.json');
  const lock = path.join(rootDir, 'package-lock.json');
  if (!fs.existsSync(record)) return 'node_modules is missing';
  if (!fs.existsSync(projectNode(rootDir))) return "the project's Node is missing from node_modules/.bin";
  if (fs.statSync(record).mtimeMs >= fs.statSync(lock).mtimeMs) return undefined;
  const readJson = (file) => JSON.parse(fs.readFileSync(file, 'utf8'));
  return recordMatchesLock(readJson(record), readJson(lock))
    ? undefined
    : 'package-lock.json changed since the last install';
}

/**
 * npm's record holds the lock's entries word for word, less the project itself ('') and the optional
 * packages of other platforms, which npm skips.
 */
export function recordMatchesLock(record, lock) {
  const sameEntry = (location) =>
    JSON.stringify(record.packages[location]) === JSON.stringify(lock.packages[location]);
  const locked = Object.keys(lock.packages).filter((location) => location !== '');
  return (
    locked.every((location) =>
      location in record.packages ? sameEntry(location) : lock.packages[location].optional === true,
    ) && Object.keys(record.packages).every((location) => location in lock.packages)
  );
}

// `npm run shared-lib-versions -w @portal/federation`: records the version and sources' hash of each
// shared workspace lib in libs/federation/shared-lib-versions.json, which `npm test` compares with the
// libs. It refuses, naming the lib, a change whose version was not bumped.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { findWorkspaceRoot } from './shared.ts';
import { RECORD_FILE, currentVersions, readRecord, versionProblems } from './shared-lib-versions.ts';

const root = findWorkspaceRoot(process.cwd());
const current = currentVersions(root);
const refused = versionProblems(current, readRecord(root)).filter((problem) => problem.kind !== 'unrecorded');
if (refused.length > 0) {
  for (const problem of refused) console.error(problem.message);
  process.exit(1);
}
fs.writeFileSync(path.join(root, RECORD_FILE), `${JSON.stringify(current, null, 2)}\n`);
for (const [name, { version }] of Object.entries(current)) console.log(`${name} ${version}`);

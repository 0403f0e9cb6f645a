// npm run rollback -- <section> [--to <version> | --to built]
// Switches a section back to the version that was current before (or calls off its canary), or, from
// its first release, to the build deployed with the gateway; the next
// manifest the gateway serves names it (docs/adr/0229-release-and-rollback-of-a-section.md).
import { parseArgs } from 'node:util';
import { parseSection, releaseSettings } from './settings.mjs';
import { markFoldersRetired, readState, withRollback, withStoreLock, writeState } from './release-store.mjs';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { to: { type: 'string' } } });

async function main() {
  const started = performance.now();
  const section = parseSection(positionals);
  const { store } = releaseSettings();
  const state = await withStoreLock(store, async () => {
    const before = await readState(store);
    const next = withRollback(before, section, { to: values.to });
    await writeState(store, next);
    if (!next.sections[section]) await markFoldersRetired(store, section, before.sections[section].versions);
    return next;
  });
  const current = state.sections[section]?.current ?? 'the build deployed with the gateway';
  const took = `${((performance.now() - started) / 1000).toFixed(1)} s`;
  console.log(`[rollback] ${section} runs ${current} for every new visitor (${took})`);
}

main().catch((error) => {
  console.error(`[rollback] ${error.message}`);
  process.exitCode = 1;
});

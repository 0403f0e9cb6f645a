// npm run rollback -- <section> [--to <version>]
// Switches a section back to the version that was current before (or calls off its canary); the next
// manifest the gateway serves names it (docs/adr/0229-release-and-rollback-of-a-section.md).
import { parseArgs } from 'node:util';
import { parseSection, releaseSettings } from './settings.mjs';
import { readState, withRollback, withStoreLock, writeState } from './release-store.mjs';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { to: { type: 'string' } } });

async function main() {
  const started = performance.now();
  const section = parseSection(positionals);
  const { store } = releaseSettings();
  const state = await withStoreLock(store, async () => {
    const next = withRollback(await readState(store), section, { to: values.to });
    await writeState(store, next);
    return next;
  });
  const releases = state.sections[section];
  const took = `${((performance.now() - started) / 1000).toFixed(1)} s`;
  console.log(`[rollback] ${section} runs ${releases.current} for every new visitor (${took})`);
}

main().catch((error) => {
  console.error(`[rollback] ${error.message}`);
  process.exitCode = 1;
});

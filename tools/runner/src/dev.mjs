// `npm run dev`: the whole stack with every dev server (start.mjs --dev), or, with `--section <name>`,
// that one section's dev server in front of a running portal (section-dev/main.mjs).
import { wantsOneSection } from './section-dev/arguments.mjs';

if (wantsOneSection(process.argv.slice(2))) {
  await import('./section-dev/main.mjs');
} else {
  // start.mjs reads its mode from its command line.
  process.argv.push('--dev');
  await import('./start.mjs');
}

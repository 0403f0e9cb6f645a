// `npm run build` of this lib: nothing to compile (Node 24 loads it from source), so the build
// checks what the four front-end builds rely on: the shared list resolves against the installed
// packages, the facades cover what the sources import, and the shell provides the runtime the
// remotes import.
import { assertFacadesCover } from './facades.ts';
import { providedRuntimeExports } from './external-runtime.ts';
import { findWorkspaceRoot, sharedModules } from './shared.ts';

const root = findWorkspaceRoot(process.cwd());
const shared = sharedModules(root);
assertFacadesCover(root);
const runtime = providedRuntimeExports(root);
console.log(
  `${Object.keys(shared).length} shared modules, ${runtime.size} runtime-core exports provided to remotes: OK`,
);

import * as fs from 'node:fs';
import * as path from 'node:path';
import { FACADES, facadePath, type FacadePackage } from './facades.ts';

/**
 * The ONE list of singletons shared by the shell and every remote: packages that hold state the page
 * must have once. One React, one router, one MUI + emotion (one theme, one style cache per section,
 * kept by `@portal/ui`), one Redux store. Redux Toolkit and react-redux live inside `@portal/store`
 * (sections reach them only through it, which ESLint enforces), so they ship once, tree-shaken,
 * instead of whole as shared modules. react-router-dom is shared through a facade of the names the
 * front end uses (FACADES). A second copy of any of them would split that state, so a section whose
 * requirement the page's copy does not meet must not run (`strictVersion`; the shell's
 * `sharedVersionCheckPlugin` names the library and both versions in the section error).
 */
export const SINGLETON_PACKAGES = [
  'react',
  'react-dom',
  'react-router-dom',
  '@mui/material',
  '@emotion/react',
  '@emotion/cache',
  '@portal/ui',
  '@portal/store',
] as const;

/**
 * Shared packages that hold no state of their own: a section whose requirement the page's copy does
 * not meet runs its own copy (which its build carries as the fallback) beside it. `@emotion/styled`
 * only makes components that read emotion's cache and theme from `@emotion/react`, a singleton.
 */
export const STATELESS_PACKAGES = ['@emotion/styled'] as const;

/**
 * Deep imports shared too: `react/jsx-runtime`, `react-dom/client` and MUI per component
 * (`@mui/material/Button`). A shared module cannot be tree-shaken, so MUI's lower-case barrels
 * (`@mui/material/styles`, `/utils`, `/colors`) stay out: each build keeps what it uses of them, and
 * the state they reach is single through MUI_CONTEXT_FILES.
 */
const DEEP_IMPORTS: Record<string, { exclude?: { request: RegExp } }> = {
  react: {},
  'react-dom': {},
  '@mui/material': { exclude: { request: /^[a-z]/ } },
};

/**
 * The MUI files that create a React context. MUI components import them by relative path, so
 * sharing `@mui/material/Button` and friends is not enough: a List from one build and a ListItem
 * from another would each see their own ListContext. Matching these files by their node_modules
 * path (allowNodeModulesSuffixMatch) keeps every context single across the shell and the remotes.
 * `shared.test.ts` checks this list against the installed MUI.
 */
export const MUI_CONTEXT_FILES = [
  '@mui/material/Accordion/AccordionContext.mjs',
  '@mui/material/ButtonGroup/ButtonGroupButtonContext.mjs',
  '@mui/material/ButtonGroup/ButtonGroupContext.mjs',
  '@mui/material/Dialog/DialogContext.mjs',
  '@mui/material/FormControl/FormControlContext.mjs',
  '@mui/material/ImageList/ImageListContext.mjs',
  '@mui/material/List/ListContext.mjs',
  '@mui/material/MenuList/MenuListContext.mjs',
  '@mui/material/RadioGroup/RadioGroupContext.mjs',
  '@mui/material/Select/utils/SelectFocusSourceContext.mjs',
  '@mui/material/Step/StepContext.mjs',
  '@mui/material/Stepper/StepperContext.mjs',
  '@mui/material/Table/TableContext.mjs',
  '@mui/material/Table/Tablelvl2Context.mjs',
  '@mui/material/ToggleButtonGroup/ToggleButtonGroupButtonContext.mjs',
  '@mui/material/ToggleButtonGroup/ToggleButtonGroupContext.mjs',
  '@mui/private-theming/useTheme/ThemeContext.mjs',
  '@mui/system/DefaultPropsProvider/DefaultPropsProvider.mjs',
  '@mui/system/RtlProvider/index.mjs',
  '@mui/system/cssVars/createCssVarsProvider.mjs',
  '@mui/utils/useRovingTabIndex/RovingTabIndexContext.mjs',
] as const;

export interface SharedConfig {
  /**
   * `true`: one copy on the page, for what holds state; `false`: the page's copy if it satisfies the
   * build's requirement, else the build's own.
   */
  singleton: boolean;
  /** A singleton whose loaded version does not satisfy `requiredVersion` fails to load. */
  strictVersion: boolean;
  requiredVersion: string;
  version?: string;
  /** Where the fallback is loaded from (file-level sharing: the package folder). */
  import?: string;
  allowNodeModulesSuffixMatch?: boolean;
  /** Deep imports left out of a prefix (`@mui/material/` minus its lower-case barrels). */
  exclude?: { request: RegExp };
}

interface PackageJson {
  name?: string;
  version?: string;
  workspaces?: string[];
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

const readJson = (file: string): PackageJson => JSON.parse(fs.readFileSync(file, 'utf8')) as PackageJson;

/** The monorepo root: the first folder upwards whose package.json declares workspaces. */
export function findWorkspaceRoot(from: string): string {
  let dir = path.resolve(from);
  for (;;) {
    const file = path.join(dir, 'package.json');
    if (fs.existsSync(file) && readJson(file).workspaces) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`No workspace root (package.json with "workspaces") above ${from}`);
    dir = parent;
  }
}

/** The version of a workspace lib (`@portal/ui` → `libs/ui/package.json`). */
export function workspaceLibVersion(root: string, name: string): string {
  const file = path.join(root, 'libs', name.slice('@portal/'.length), 'package.json');
  const version = readJson(file).version;
  if (!version || !/^\d+\.\d+\.\d+$/.test(version)) throw new Error(`${file} has no x.y.z version`);
  return version;
}

/**
 * What a build built with `version` of a workspace lib requires: that minor or a later one of the same
 * major. A minor bump adds to the lib's API, which a section built on it may call; a patch changes
 * none of it.
 */
export function compatibleRange(version: string): string {
  const [major, minor] = version.split('.');
  return `^${major}.${minor}.0`;
}

/**
 * The range to require for a package: from the root package.json (single-version policy), from the
 * workspace lib's own package.json for `@portal/*`, else from the installed copy (companions).
 */
function versionOf(root: string, name: string): { requiredVersion: string; version?: string } {
  const rootPkg = readJson(path.join(root, 'package.json'));
  const declared = rootPkg.dependencies?.[name] ?? rootPkg.devDependencies?.[name];
  if (declared) return { requiredVersion: declared };
  if (name.startsWith('@portal/')) {
    const version = workspaceLibVersion(root, name);
    return { requiredVersion: compatibleRange(version), version };
  }
  const installed = readJson(path.join(root, 'node_modules', name, 'package.json')).version;
  if (!installed) throw new Error(`${name} is not installed`);
  return { requiredVersion: `^${installed}` };
}

/** The `shared` option of ModuleFederationPlugin, identical for the shell and every remote. */
export function sharedModules(fromDir: string): Record<string, SharedConfig> {
  const root = findWorkspaceRoot(fromDir);
  const shared: Record<string, SharedConfig> = {};
  const add = (name: string, singleton: boolean) => {
    const config = { singleton, strictVersion: singleton, ...versionOf(root, name) };
    shared[name] = config;
    if (DEEP_IMPORTS[name]) shared[`${name}/`] = { ...config, ...DEEP_IMPORTS[name] };
  };
  for (const name of SINGLETON_PACKAGES) add(name, true);
  for (const name of STATELESS_PACKAGES) add(name, false);
  for (const pkg of Object.keys(FACADES) as FacadePackage[]) {
    // Provided and consumed under the package's name and version, implemented by the facade.
    const installed = readJson(path.join(root, 'node_modules', pkg, 'package.json')).version;
    shared[pkg] = { ...shared[pkg]!, version: installed, import: facadePath(pkg, root) };
  }
  for (const file of MUI_CONTEXT_FILES) {
    const pkg = file.split('/').slice(0, 2).join('/');
    const installed = readJson(path.join(root, 'node_modules', pkg, 'package.json')).version;
    shared[file] = {
      singleton: true,
      strictVersion: true,
      requiredVersion: `^${installed}`,
      version: installed,
      // Internal files are outside the package's `exports`: the fallback is loaded by file path.
      import: path.join(root, 'node_modules', file),
      allowNodeModulesSuffixMatch: true,
    };
  }
  return shared;
}

import type { SectionName } from '@portal/contracts';

/** A remote is a section of the site: their names are declared once, by @portal/contracts' route table. */
export type RemoteName = SectionName;

/** Dev-server ports (ARCHITECTURE.md): the shell and one per section (a new section does not compile without one). */
export const SHELL_PORT = 4200;
export const REMOTE_PORTS: Readonly<Record<RemoteName, number>> = {
  marketing: 4201,
  checkout: 4202,
  dashboard: 4203,
  staff: 4204,
};
export const REMOTE_NAMES = Object.keys(REMOTE_PORTS) as RemoteName[];

/** Where the API lives in development: the gateway. */
export const DEV_API_TARGET = 'http://localhost:8080';

/**
 * The runtime manifest the shell fetches from `/mfe-manifest.json`: remote name → its
 * `mf-manifest.json`. Production points at the gateway's `/mfe/<name>/`, development at each
 * remote's dev server.
 */
export function mfeManifest(mode: 'production' | 'development'): Record<RemoteName, string> {
  const entries = REMOTE_NAMES.map((name) => [
    name,
    mode === 'production'
      ? `/mfe/${name}/mf-manifest.json`
      : `http://localhost:${REMOTE_PORTS[name]}/mf-manifest.json`,
  ]);
  return Object.fromEntries(entries) as Record<RemoteName, string>;
}

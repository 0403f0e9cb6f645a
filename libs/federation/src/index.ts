export { SINGLETON_PACKAGES, STATELESS_PACKAGES, findWorkspaceRoot, sharedModules } from './shared.ts';
export type { SharedConfig } from './shared.ts';
export { DEV_API_TARGET, REMOTE_NAMES, REMOTE_PORTS, SHELL_PORT, mfeManifest } from './apps.ts';
export type { RemoteName } from './apps.ts';
export { createWebpackConfig } from './webpack-config.ts';
export type { AppOptions, Argv, HostOptions, Mode, RemoteOptions } from './webpack-config.ts';

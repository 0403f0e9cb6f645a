import {
  getInstance,
  registerGlobalPlugins,
  type ModuleFederationRuntimePlugin,
} from '@module-federation/enhanced/runtime';

/**
 * Runtime plugin: a shared module whose code failed to load is asked for again the next time. The
 * federation runtime keeps the failed load as the share's `loading` for good, so a section's Retry
 * failed at once without a request (a chunk lost to a dropped connection, or to a deploy) until the
 * page was reloaded. Forgetting it lets the next load fetch the chunk again.
 */
export function forgetFailedSharesPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'portal-forget-failed-shares',
    errorLoadShare({ pkgName, shareScopeMap }) {
      for (const scope of Object.values(shareScopeMap)) {
        for (const share of Object.values(scope[pkgName] ?? {})) {
          if (!share.loaded) delete share.loading;
        }
      }
    },
  };
}

/** Applies the plugin to the shell's federation instance and to every remote's, created later. */
export function forgetFailedShares(): void {
  const plugin = forgetFailedSharesPlugin();
  registerGlobalPlugins([plugin]);
  getInstance()?.registerPlugins([plugin]);
}

import {
  getInstance,
  registerGlobalPlugins,
  satisfy,
  type ModuleFederationRuntimePlugin,
} from '@module-federation/enhanced/runtime';

/** A section requires a version of a shared singleton that the page does not run. */
export class SharedVersionMismatch extends Error {
  constructor(section: string, library: string, required: string, loaded: string, loadedFrom: string) {
    super(
      `${section} requires ${library} ${required}, but the page runs ${library} ${loaded} (from ${loadedFrom})`,
    );
    this.name = 'SharedVersionMismatch';
  }
}

type ResolveShareArgs = Parameters<NonNullable<ModuleFederationRuntimePlugin['resolveShare']>>[0];

/**
 * Runtime plugin: a section never runs on a copy of a shared singleton (React, the store, `@portal/ui`…)
 * that its requirement rejects. The runtime itself only warns then, unless the section was built with
 * `strictVersion` (sections built before it was set were not); this fails the load in every case, with
 * a `SharedVersionMismatch` the section error can tell from a network failure and whose message names
 * the section, the library and both versions. Stateless shared packages are not singletons: the runtime
 * picks the section's own copy when the page's does not satisfy.
 */
export function sharedVersionCheckPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'portal-shared-version-check',
    resolveShare(args: ResolveShareArgs) {
      const { shareInfo, shareScopeMap, scope, pkgName, version } = args;
      const { singleton, requiredVersion } = shareInfo.shareConfig;
      if (
        !singleton ||
        typeof requiredVersion !== 'string' ||
        !version ||
        satisfy(version, requiredVersion)
      ) {
        return args;
      }
      const loadedFrom = shareScopeMap[scope]?.[pkgName]?.[version]?.from ?? 'unknown';
      const mismatch = new SharedVersionMismatch(
        shareInfo.from,
        pkgName,
        requiredVersion,
        version,
        loadedFrom,
      );
      args.resolver = () => {
        throw mismatch;
      };
      return args;
    },
  };
}

/** Applies the plugin to the shell's federation instance and to every remote's, created later. */
export function checkSharedVersions(): void {
  const plugin = sharedVersionCheckPlugin();
  registerGlobalPlugins([plugin]);
  getInstance()?.registerPlugins([plugin]);
}

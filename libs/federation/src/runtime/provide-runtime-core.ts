// Runtime plugin of the shell: hands the shell's Module Federation runtime to the remotes, which are
// built with `experiments.externalRuntime` and read it from `_FEDERATION_RUNTIME_CORE`. Unlike MF's
// own `provideExternalRuntime` (which exposes the whole runtime-core namespace and so keeps all of
// it in the bundle), this exposes only what the remotes' runtime imports; the remote build fails if
// it ever needs more (see external-runtime.ts).
import {
  CurrentGlobal,
  Module,
  ModuleFederation,
  assert,
  getGlobalFederationConstructor,
  getRemoteEntry,
  getRemoteInfo,
  helpers,
  loadScript,
  loadScriptNode,
  registerGlobalPlugins,
  satisfy,
  setGlobalFederationConstructor,
  setGlobalFederationInstance,
} from '@module-federation/runtime-core';
import type { ModuleFederationRuntimePlugin } from '@module-federation/runtime-core';

const runtimeCore = {
  CurrentGlobal,
  Module,
  ModuleFederation,
  assert,
  getGlobalFederationConstructor,
  getRemoteEntry,
  getRemoteInfo,
  helpers,
  loadScript,
  loadScriptNode,
  registerGlobalPlugins,
  satisfy,
  setGlobalFederationConstructor,
  setGlobalFederationInstance,
};

export default function provideRuntimeCore(): ModuleFederationRuntimePlugin {
  return {
    name: 'portal-provide-runtime-core',
    beforeInit(args) {
      const global = globalThis as { _FEDERATION_RUNTIME_CORE?: unknown };
      global._FEDERATION_RUNTIME_CORE ??= runtimeCore;
      return args;
    },
  };
}

import { getInstance, registerGlobalPlugins, type ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/** A macrotask boundary: whatever follows runs in a task of its own, after the browser had its turn. */
export const yieldToBrowser = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * Runtime plugin: every shared-module load continues in a task of its own. A section consumes a few
 * dozen shared modules (React, MUI per component…); the runtime resolves them all in one chain of
 * promises, which on a phone is a single task of several hundred milliseconds (script tags, share
 * bookkeeping) during which the page cannot answer a tap.
 */
export function yieldBetweenSharesPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'portal-yield-between-shares',
    async beforeLoadShare(args) {
      await yieldToBrowser();
      return args;
    },
  };
}

/** Applies the plugin to the shell's federation instance and to every remote's, created later. */
export function yieldBetweenShares(): void {
  const plugin = yieldBetweenSharesPlugin();
  registerGlobalPlugins([plugin]);
  getInstance()?.registerPlugins([plugin]);
}

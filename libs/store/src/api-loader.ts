import { use } from 'react';
import type * as AuthApi from './auth-api';
import { injectSlice } from './store';

type ApiModule = typeof AuthApi;
/** The one RTK Query api, with the identity calls every section needs. */
export type PortalApi = ApiModule['authApi'];
type TrackedPromise<T> = Promise<T> & { status?: 'fulfilled'; value?: T };

let loading: TrackedPromise<ApiModule> | null = null;

/**
 * RTK Query is its own chunk, loaded on first use: the home page never needs it. Loading plugs the
 * api's reducer and middleware into the store.
 */
export function loadApi(): Promise<ApiModule> {
  if (!loading) {
    const promise: TrackedPromise<ApiModule> = import('./auth-api').then((module) => {
      injectSlice(module.api, module.api.middleware);
      // Marked the way React's `use` marks a settled promise, so a later render does not suspend.
      Object.assign(promise, { status: 'fulfilled', value: module });
      return module;
    });
    loading = promise;
  }
  return loading;
}

/** A feature's endpoints, injected into the one api the first time RTK Query is needed for them. */
export interface LazyApi<Endpoints> {
  /** Resolves with the endpoints once RTK Query has loaded: for thunks, and tests that load it first. */
  load: () => Promise<Endpoints>;
  /**
   * One of RTK Query's generated hooks (`useOrdersQuery`, `useLoginMutation`…) as the feature's own
   * plain hook, with the same arguments and result; it suspends (React 19 `use`) until RTK Query is there.
   */
  hook: <Name extends keyof Endpoints & `use${string}`>(name: Name) => Endpoints[Name];
}

/**
 * The one way a feature reaches RTK Query: `inject` adds its endpoints to the api (`injectEndpoints`),
 * once, when the feature is first used, so its definitions and RTK Query itself stay off pages that
 * never call it.
 */
export function lazyApi<Endpoints>(inject: (api: PortalApi) => Endpoints): LazyApi<Endpoints> {
  let injected: Endpoints | undefined;
  const endpointsOf = ({ authApi }: ApiModule) => (injected ??= inject(authApi));
  return {
    load: () => loadApi().then(endpointsOf),
    hook: (name) => {
      const useGenerated = (...args: unknown[]) => {
        const endpoints = endpointsOf(use(loadApi()));
        return (endpoints[name] as (...hookArgs: unknown[]) => unknown)(...args);
      };
      return useGenerated as Endpoints[typeof name];
    },
  };
}

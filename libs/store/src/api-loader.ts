import { use } from 'react';
import type * as AuthApi from './auth-api';
import { injectSlice } from './store';

type ApiModule = typeof AuthApi;
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

/** The loaded api module inside a component: suspends (React 19 `use`) until RTK Query is there. */
export const useApiModule = (): ApiModule => use(loadApi());

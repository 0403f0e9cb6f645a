import {
  combineSlices,
  configureStore,
  createDynamicMiddleware,
  type Middleware,
  type Reducer,
  type ThunkAction,
  type UnknownAction,
} from '@reduxjs/toolkit';
import { cartSlice } from './cart/cart-slice';
import { syncCartWithStorage } from './cart/cart-sync';
import { quoteDialogSlice } from './quote-dialog-slice';
import { sessionSlice } from './session-slice';
import { toastSlice } from './toast-slice';

/** Slices added after start-up (the RTK Query api, injected when first used). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface LazyLoadedSlices {}

export const rootReducer = combineSlices(
  sessionSlice,
  toastSlice,
  quoteDialogSlice,
  cartSlice,
).withLazyLoadedSlices<LazyLoadedSlices>();
const dynamicMiddleware = createDynamicMiddleware();

export type RootState = ReturnType<typeof rootReducer>;

const stores = new Set<{ dispatch: (action: { type: string }) => unknown }>();

export function createPortalStore(preloadedState?: Partial<RootState>) {
  const created = configureStore({
    reducer: rootReducer,
    preloadedState: preloadedState as RootState | undefined,
    middleware: (getDefault) => getDefault().prepend(dynamicMiddleware.middleware),
  });
  stores.add(created);
  syncCartWithStorage(created);
  return created;
}

/**
 * Plugs a lazily loaded slice with its middleware (the RTK Query api) into every store, and lets
 * each store build its initial state before the middleware sees an action.
 */
export function injectSlice(slice: { reducerPath: string; reducer: Reducer }, middleware: Middleware): void {
  rootReducer.inject(slice as never);
  dynamicMiddleware.addMiddleware(middleware);
  for (const each of stores) each.dispatch({ type: `${slice.reducerPath}/injected` });
}

export type PortalStore = ReturnType<typeof createPortalStore>;
export type AppDispatch = PortalStore['dispatch'];
export type AppThunk<Result = void> = ThunkAction<Result, RootState, unknown, UnknownAction>;

/**
 * The one store of the page. This module is a Module Federation singleton, so the shell and every
 * remote get this same instance.
 */
export const store = createPortalStore();

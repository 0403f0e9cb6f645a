import {
  createApi,
  fetchBaseQuery,
  type BaseQueryApi,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query/react';
import type { WithSlice } from '@reduxjs/toolkit';
import { teamMessages, type LoginResponse, type MeResponse } from '@portal/contracts';
import { toApiError, type ApiError } from './error-text';
import { tokenPresenceChanged, userLoaded } from './session-slice';
import type { RootState } from './store';
import { clearTokens, readToken, storeLoginToken } from './token';
import { newTraceparent } from './trace-context';

type RawBaseQuery = ReturnType<typeof fetchBaseQuery>;

/** A service refused the token because the member's role or membership changed since it was issued. */
const membershipChanged = (error: FetchBaseQueryError | undefined): boolean =>
  error?.status === 401 &&
  (error.data as { message?: unknown } | undefined)?.message === teamMessages.membershipChanged;

/** The token renewal under way, shared by every call refused meanwhile (one renewal for a burst). */
let renewing: Promise<boolean> | null = null;

/**
 * `POST /api/auth/token` (no body: the token's organization as the membership is now, or another of
 * the user's, or none after a removal), stored as login stores its token; then `me` again, so the
 * session knows the role (and organization) now. When the organization changed, every cached answer
 * goes (it was another organization's). A 401 ends the session as an expired token does; true when
 * there is a new token to retry with.
 */
async function renewToken(raw: RawBaseQuery, query: BaseQueryApi): Promise<boolean> {
  const renewal = await raw({ url: '/auth/token', method: 'POST' }, query, {});
  if (renewal.error) {
    if (renewal.error.status === 401) {
      clearTokens();
      query.dispatch(tokenPresenceChanged(false));
      query.dispatch(api.util.resetApiState());
    }
    return false;
  }
  storeLoginToken((renewal.data as LoginResponse).token);
  const before = (query.getState() as Partial<RootState>).session?.user?.organizationId;
  const me = await raw('/auth/me', query, {});
  if (me.data) {
    const user = me.data as MeResponse;
    query.dispatch(userLoaded(user));
    if (before !== undefined && before !== user.organizationId) query.dispatch(api.util.resetApiState());
  }
  return true;
}

/**
 * fetchBaseQuery as the spec's calls need it: cookies always sent, `Authorization: Bearer <token>`
 * when a token is stored, a `traceparent` that starts each call's trace, and failures turned into an
 * ApiError carrying the spec's error text.
 */
export function createPortalBaseQuery(baseUrl = '/api'): BaseQueryFn<string | FetchArgs, unknown, ApiError> {
  const rawBaseQuery = fetchBaseQuery({
    baseUrl,
    credentials: 'include',
    prepareHeaders: (headers) => {
      const token = readToken();
      if (token) headers.set('Authorization', `Bearer ${token}`);
      headers.set('traceparent', newTraceparent());
      return headers;
    },
  });
  return async (args, api, extraOptions) => {
    const sentWith = readToken();
    let result = await rawBaseQuery(args, api, extraOptions);
    // A changed membership: a new token, then this call once more (the only retry; spec section 9
    // otherwise). A token renewed meanwhile by another call is simply used.
    const url = typeof args === 'string' ? args : args.url;
    if (membershipChanged(result.error) && url !== '/auth/token' && sentWith) {
      let retry = readToken() !== sentWith && readToken() !== null;
      if (!retry) {
        renewing ??= renewToken(rawBaseQuery, api).finally(() => (renewing = null));
        retry = await renewing;
      }
      if (retry) result = await rawBaseQuery(args, api, extraOptions);
    }
    if (!result.error) return { data: result.data, meta: result.meta };
    return { error: toApiError(result.error, result.meta?.response), meta: result.meta };
  };
}

/**
 * The one RTK Query api. No retries (fetchBaseQuery never retries unless wrapped in
 * `retry`), no refetch on focus, reconnect, mount or interval; cached data is kept until unused for
 * five minutes. Feature endpoints are added with `api.injectEndpoints`. `Orders` is known to every
 * section: checkout changes the orders the dashboard lists, so cached lists are dropped when it does.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: createPortalBaseQuery(),
  refetchOnFocus: false,
  refetchOnReconnect: false,
  refetchOnMountOrArgChange: false,
  keepUnusedDataFor: 300,
  tagTypes: ['Orders'],
  endpoints: () => ({}),
});

// Declaration merging (an interface is required): the store's state gains `api` once injected.
declare module './store' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface LazyLoadedSlices extends WithSlice<typeof api> {}
}

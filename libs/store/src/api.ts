import { createApi, fetchBaseQuery, type BaseQueryFn, type FetchArgs } from '@reduxjs/toolkit/query/react';
import type { WithSlice } from '@reduxjs/toolkit';
import { toApiError, type ApiError } from './error-text';
import { readToken } from './token';

/**
 * fetchBaseQuery as the spec's calls need it: cookies always sent, `Authorization: Bearer <token>`
 * when a token is stored, and failures turned into an ApiError carrying the spec's error text.
 */
export function createPortalBaseQuery(baseUrl = '/api'): BaseQueryFn<string | FetchArgs, unknown, ApiError> {
  const rawBaseQuery = fetchBaseQuery({
    baseUrl,
    credentials: 'include',
    prepareHeaders: (headers) => {
      const token = readToken();
      if (token) headers.set('Authorization', `Bearer ${token}`);
      return headers;
    },
  });
  return async (args, api, extraOptions) => {
    const result = await rawBaseQuery(args, api, extraOptions);
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

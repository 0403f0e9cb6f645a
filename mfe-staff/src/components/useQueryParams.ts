import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

/**
 * The address's query, a setter that pushes a new one, and one that sets a single value (or removes
 * it, given undefined): filters and the open item stay in the address, so reload, Back and a shared
 * link keep them. react-router's `useSearchParams` is not in the shared react-router facade
 * (libs/federation), which every first visit loads; this is the same from `useLocation` and
 * `useNavigate`, which are.
 */
export function useQueryParams(): [
  URLSearchParams,
  (change: (current: URLSearchParams) => URLSearchParams) => void,
  (name: string, value: string | undefined) => void,
] {
  const { search, pathname } = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = useCallback(
    (change: (current: URLSearchParams) => URLSearchParams) => {
      const next = change(new URLSearchParams(window.location.search)).toString();
      navigate(`${pathname}${next ? `?${next}` : ''}`);
    },
    [navigate, pathname],
  );
  const setParam = useCallback(
    (name: string, value: string | undefined) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      }),
    [setParams],
  );
  return [params, setParams, setParam];
}

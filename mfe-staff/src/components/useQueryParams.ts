import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

/**
 * The address's query and a setter that pushes a new one (filters and the open item stay in the
 * address, so reload, Back and a shared link keep them). react-router's `useSearchParams` is not in
 * the shared react-router facade (libs/federation), which every first visit loads; this is the same
 * from `useLocation` and `useNavigate`, which are.
 */
export function useQueryParams(): [
  URLSearchParams,
  (change: (current: URLSearchParams) => URLSearchParams) => void,
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
  return [params, setParams];
}

import { useLocation, useNavigate } from 'react-router-dom';

export interface SetSearchParamOptions {
  /** Replace the current history entry instead of adding one (Back then skips this change). */
  replace?: boolean;
}

/**
 * One query parameter of the address as page state (`/blog?category=Analytics`): a shared link opens
 * on the same state and Back undoes a change. Setting `null` or '' removes the parameter.
 */
export function useSearchParam(
  name: string,
): [string | null, (value: string | null, options?: SetSearchParamOptions) => void] {
  const { search, hash } = useLocation();
  const navigate = useNavigate();
  const value = new URLSearchParams(search).get(name);

  const setValue = (next: string | null, { replace = false }: SetSearchParamOptions = {}) => {
    const params = new URLSearchParams(search);
    if (next) params.set(name, next);
    else params.delete(name);
    const query = params.toString();
    void navigate({ search: query ? `?${query}` : '', hash }, { replace });
  };
  return [value, setValue];
}

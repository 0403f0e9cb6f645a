import { useState } from 'react';

/**
 * The cursors of the pages shown so far (`null` is the first page): 'Load more' adds the next one;
 * other filters (`resetKey`) start again from the first page.
 */
export function usePagedCursors(resetKey: string) {
  const [state, setState] = useState<{ key: string; cursors: (string | null)[] }>({
    key: resetKey,
    cursors: [null],
  });
  const cursors = state.key === resetKey ? state.cursors : [null];
  const more = (next: string) =>
    setState((current) => {
      const known = current.key === resetKey ? current.cursors : [null];
      return { key: resetKey, cursors: known.includes(next) ? known : [...known, next] };
    });
  return { cursors, more };
}

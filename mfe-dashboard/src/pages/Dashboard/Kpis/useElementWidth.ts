import { useCallback, useState } from 'react';

/**
 * The width in CSS pixels of the element given the returned ref, followed as it resizes; `fallback`
 * until it is measured (and where there is no ResizeObserver). The chart draws at this width so its
 * text keeps its size on a 360 px phone instead of shrinking with the drawing.
 */
export function useElementWidth<T extends Element>(
  fallback: number,
): [(node: T | null) => () => void, number] {
  const [width, setWidth] = useState(fallback);
  const ref = useCallback((node: T | null) => {
    if (!node || typeof ResizeObserver === 'undefined') return () => {};
    const observer = new ResizeObserver(([entry]) => {
      const measured = Math.round(entry.contentRect.width);
      if (measured > 0) setWidth(measured);
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}

import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';

const HomeSections = lazy(() => import('./HomeSections'));

/** Start loading when the placeholder comes within this distance of the viewport. */
const NEAR_VIEWPORT = '200px 0px';
// A keyboard user's first key press starts the download long before Tab reaches the sections.
const INTERACTIONS = ['scroll', 'keydown', 'touchstart'] as const;

/** Room kept for the sections while they load, so the footer does not jump up and back. */
const placeholder = <Box sx={{ minHeight: { xs: 3600, md: 2400 } }} />;

/**
 * The home page below the metric tiles, as its own chunk: fetched when the visitor scrolls or
 * moves through the page (or the placeholder nears the viewport), so a first visit to `/`
 * downloads only the hero and the tiles.
 */
export function BelowTheFold() {
  // Without IntersectionObserver (old browsers, jsdom) the sections load at once.
  const [wanted, setWanted] = useState(() => typeof IntersectionObserver === 'undefined');
  const anchor = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (wanted || !anchor.current) return;
    const load = () => setWanted(true);
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) load();
      },
      { rootMargin: NEAR_VIEWPORT },
    );
    observer.observe(anchor.current);
    for (const type of INTERACTIONS) window.addEventListener(type, load, { once: true, passive: true });
    return () => {
      observer.disconnect();
      for (const type of INTERACTIONS) window.removeEventListener(type, load);
    };
  }, [wanted]);

  if (!wanted) return <div ref={anchor}>{placeholder}</div>;
  return (
    <Suspense fallback={placeholder}>
      <HomeSections />
    </Suspense>
  );
}

import { Suspense, useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import { lazyPage } from '../../lazy-page';

const sections = lazyPage(() => import('./HomeSections'));

/** Start loading when the sections come within this distance of the viewport. */
const NEAR_VIEWPORT = '200px 0px';
// A keyboard user's first key press starts the download long before Tab reaches the sections.
const INTERACTIONS = ['scroll', 'keydown', 'touchstart', 'pointerdown'] as const;

/** Marks the sections' wrapper, so the prerendered page's copy of them can be found. */
const SECTIONS_ATTRIBUTE = 'data-home-sections';

/** The sections' markup in the prerendered page the section is taking over, if it is one. */
function prerenderedSections(): string | null {
  return document.querySelector(`[data-prerendered] [${SECTIONS_ATTRIBUTE}]`)?.innerHTML ?? null;
}

/** Room kept for the sections while a visit from another page loads them. */
const placeholder = <Box sx={{ minHeight: { xs: 3600, md: 2400 } }} />;

/**
 * The home page below the metric tiles. Its code is a chunk of its own, so a first visit to `/`
 * downloads only the hero and the tiles; its markup is not deferred: on a prerendered page the
 * section keeps the prerendered sections on screen (same markup, same styles, found by Ctrl+F and
 * crawlers) and swaps in the live ones once their chunk has arrived, fetched when the visitor
 * scrolls, presses a key, touches the page or nears them. Without a prerendered copy (a visit from
 * another page) the sections load at once.
 */
export function BelowTheFold() {
  const [copy] = useState(prerenderedSections);
  const [live, setLive] = useState(copy === null);
  const anchor = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (live || !anchor.current) return;
    let done = false;
    const load = () => {
      if (done) return;
      done = true;
      // Still the copy if the chunk cannot load: the content stays, only its controls wait.
      sections.preload().then(
        () => setLive(true),
        () => undefined,
      );
    };
    // Without IntersectionObserver (old browsers, jsdom) the behaviour loads at once.
    if (typeof IntersectionObserver === 'undefined') return load();
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
  }, [live]);

  const marker = { [SECTIONS_ATTRIBUTE]: '' };
  if (!live && copy !== null) {
    return <div ref={anchor} {...marker} dangerouslySetInnerHTML={{ __html: copy }} />;
  }
  return (
    <div {...marker}>
      <Suspense fallback={placeholder}>
        <sections.Page />
      </Suspense>
    </div>
  );
}

import { Suspense, useEffect, useRef, useState, type MouseEvent } from 'react';
import Box from '@mui/material/Box';
import { lazyPage } from '@portal/ui';

const sections = lazyPage(() => import('./HomeSections'));

/** Start loading when the sections come within this distance of the viewport. */
const NEAR_VIEWPORT = '200px 0px';
// A keyboard user's first key press starts the download long before Tab reaches the sections.
const INTERACTIONS = ['scroll', 'keydown', 'touchstart', 'pointerdown'] as const;
/** What a visitor may click in the sections. */
const CONTROLS = 'a[href], button';

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
 * scrolls, presses a key, touches the page or nears them; a click on the copy is carried out on the
 * live sections. Without a prerendered copy (a visit from another page) the sections load at once.
 */
export function BelowTheFold() {
  const [copy] = useState(prerenderedSections);
  const [wanted, setWanted] = useState(copy === null);
  const [live, setLive] = useState(copy === null);
  const container = useRef<HTMLDivElement>(null);
  /** The index among CONTROLS of a control clicked on the copy, to click once live; -1 for none. */
  const pendingClick = useRef(-1);

  useEffect(() => {
    if (wanted || !container.current) return;
    const want = () => setWanted(true);
    // Without IntersectionObserver (old browsers, jsdom) the behaviour loads at once.
    if (typeof IntersectionObserver === 'undefined') return want();
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) want();
      },
      { rootMargin: NEAR_VIEWPORT },
    );
    observer.observe(container.current);
    for (const type of INTERACTIONS) window.addEventListener(type, want, { once: true, passive: true });
    return () => {
      observer.disconnect();
      for (const type of INTERACTIONS) window.removeEventListener(type, want);
    };
  }, [wanted]);

  useEffect(() => {
    if (!wanted || live) return;
    // If the chunk cannot load, the copy stays: the content is there, only its controls wait.
    sections.preload().then(
      () => setLive(true),
      () => undefined,
    );
  }, [wanted, live]);

  useEffect(() => {
    if (!live || pendingClick.current < 0) return;
    const control = container.current?.querySelectorAll<HTMLElement>(CONTROLS)[pendingClick.current];
    pendingClick.current = -1;
    control?.focus();
    control?.click();
  }, [live]);

  const holdClick = (event: MouseEvent<HTMLDivElement>) => {
    const control = (event.target as Element).closest(CONTROLS);
    if (!control) return;
    event.preventDefault();
    pendingClick.current = [...event.currentTarget.querySelectorAll(CONTROLS)].indexOf(control);
    setWanted(true);
  };

  const marker = { [SECTIONS_ATTRIBUTE]: '' };
  if (!live && copy !== null) {
    return (
      <div
        key="copy"
        ref={container}
        {...marker}
        onClickCapture={holdClick}
        dangerouslySetInnerHTML={{ __html: copy }}
      />
    );
  }
  return (
    <div key="live" ref={container} {...marker}>
      <Suspense fallback={placeholder}>
        <sections.Page />
      </Suspense>
    </div>
  );
}

import { useEffect, useRef, useState } from 'react';

/**
 * Where focus goes when a tab's dialog has closed: back to the element that opened it, or, when that
 * one has left the page (the first ticket replaced the empty state, the integration was deleted), to
 * the tab's `fallback` button once the list has `settled` (refetched) and the button is there.
 *
 * The owed focus is state, and the effect runs after every render while it is owed, so it lands
 * whichever comes last: the dialog's exit transition or the list's refetch. The opener may still be
 * on the page when the dialog has closed and go with the refetch (a slow answer): focus is owed
 * until the list has settled, and goes to the fallback if it was lost meanwhile.
 */
export function useFocusReturn<T extends HTMLElement>({ settled }: { settled: boolean }) {
  const opener = useRef<HTMLElement | null>(null);
  const fallback = useRef<T>(null);
  const [owed, setOwed] = useState(false);

  useEffect(() => {
    if (!owed || !settled) return;
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (lost && !fallback.current) return;
    if (lost) fallback.current!.focus();
    setOwed(false);
  });

  return {
    /** The fallback's ref. */
    fallback,
    /** The element a dialog is opening from; `null` when it is about to leave the page. */
    setOpener: (element: HTMLElement | null) => {
      opener.current = element;
    },
    /** For the dialog's `onExited`. */
    returnFocus: () => {
      if (opener.current?.isConnected) opener.current.focus();
      setOwed(true);
    },
  };
}

import { useEffect, useRef, useState } from 'react';

/**
 * Where focus goes when a tab's dialog has closed: back to the element that opened it, or, when that
 * one has left the page (the first ticket replaced the empty state, the integration was deleted), to
 * the tab's `fallback` button once the list has `settled` (refetched) and the button is there.
 *
 * The owed focus is state, and the effect runs after every render while it is owed, so it lands
 * whichever comes last: the dialog's exit transition or the list's refetch.
 */
export function useFocusReturn<T extends HTMLElement>({ settled }: { settled: boolean }) {
  const opener = useRef<HTMLElement | null>(null);
  const fallback = useRef<T>(null);
  const [owed, setOwed] = useState(false);

  useEffect(() => {
    if (!owed || !settled || !fallback.current) return;
    fallback.current.focus();
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
      else setOwed(true);
    },
  };
}

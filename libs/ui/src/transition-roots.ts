import type { startTransition as StartTransition } from 'react';
import type ReactDOMClientModule from 'react-dom/client';

type ReactDOMClient = typeof ReactDOMClientModule;

/**
 * `react-dom/client` whose roots render as transitions. A plain root renders the whole page in
 * one task (a few hundred milliseconds on a mid-range phone, during which taps and paints wait);
 * as a transition React yields to the browser every few milliseconds.
 */
export function transitionRoots(
  React: { startTransition: typeof StartTransition },
  ReactDOMClient: ReactDOMClient,
): Pick<ReactDOMClient, 'createRoot'> {
  return {
    createRoot(container, options) {
      const root = ReactDOMClient.createRoot(container, options);
      return {
        render: (children) => React.startTransition(() => root.render(children)),
        unmount: () => root.unmount(),
      };
    },
  };
}

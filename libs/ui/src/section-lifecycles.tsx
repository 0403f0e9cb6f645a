import { startTransition, useEffect, useState, type FunctionComponent } from 'react';
import type ReactDOMClientModule from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { PageLoading } from './PageLoading';
import { registerReactInstance } from './react-instances';
import { SectionError } from './SectionError';
import { SectionRoot } from './SectionRoot';
import { transitionRoots } from './transition-roots';

export interface SectionLifecyclesOptions {
  name: string;
  /** The section's own React and ReactDOM imports, so the one-React check sees what the section got. */
  React: typeof import('react');
  ReactDOMClient: typeof ReactDOMClientModule;
  rootComponent: FunctionComponent;
  /**
   * What `mount` commits before it resolves. `placeholder` (the default): the loading placeholder,
   * then the section renders as a transition after mount, so single-spa's lifecycle timer (warning
   * #31 after a second) never waits for a time-sliced render on a slow phone. `page`: the section
   * itself, as a transition, for a section whose first render must replace a prerendered copy at
   * once.
   */
  firstMount?: 'placeholder' | 'page';
  /**
   * With `page`: loads the module of the page at an address, awaited before the first render over a
   * prerendered copy.
   */
  preloadPage?: (pathname: string) => Promise<void>;
}

/** The single-spa lifecycles a section's federated './app' module exports. */
export function sectionLifecycles({
  name,
  React,
  ReactDOMClient,
  rootComponent,
  firstMount = 'placeholder',
  preloadPage,
}: SectionLifecyclesOptions) {
  registerReactInstance(name, React);
  const pageFirst = firstMount === 'page';
  const lifecycles = singleSpaReact({
    React,
    // The placeholder commits in one short task; the section itself always renders as a transition.
    ReactDOMClient: pageFirst ? transitionRoots(React, ReactDOMClient) : ReactDOMClient,
    rootComponent: pageFirst ? rootComponent : placeholderFirst(name, rootComponent),
    errorBoundary: () => (
      <SectionRoot name={name}>
        <SectionError
          headingComponent="h1"
          title="This page hit an unexpected error"
          message="Reload the page to try again. If it keeps happening, contact us and we will sort it out."
          onRetry={() => window.location.reload()}
        />
      </SectionRoot>
    ),
  });
  if (!pageFirst || !preloadPage) return lifecycles;
  return {
    ...lifecycles,
    // Over a prerendered copy, the first render shows the page itself, so the copy is replaced at once
    // with no loading state between (docs/adr/0066-prerendered-public-pages.md). Anywhere else (a visit
    // that came from another section) the page is not awaited: on a slow phone that would keep
    // single-spa's mount waiting (warning #31), and the loading placeholder shows while it loads.
    mount: async (props: Parameters<typeof lifecycles.mount>[0]) => {
      const slot = (props as { domElementGetter?: () => HTMLElement | null }).domElementGetter?.();
      if (slot?.querySelector(':scope > [data-prerendered]')) await preloadPage(window.location.pathname);
      return lifecycles.mount(props);
    },
  };
}

/** The section's root behind a first render of only the loading placeholder. */
function placeholderFirst(name: string, Section: FunctionComponent): FunctionComponent {
  return function PlaceholderFirst(props) {
    const [mounted, setMounted] = useState(false);
    useEffect(() => startTransition(() => setMounted(true)), []);
    if (mounted) return <Section {...props} />;
    return (
      <SectionRoot name={name}>
        <PageLoading />
      </SectionRoot>
    );
  };
}

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
}

/** The single-spa lifecycles a section's federated './app' module exports. */
export function sectionLifecycles({
  name,
  React,
  ReactDOMClient,
  rootComponent,
  firstMount = 'placeholder',
}: SectionLifecyclesOptions) {
  registerReactInstance(name, React);
  const pageFirst = firstMount === 'page';
  return singleSpaReact({
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

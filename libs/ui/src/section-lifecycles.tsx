import type { FunctionComponent } from 'react';
import type ReactDOMClientModule from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
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
}

/** The single-spa lifecycles a section's federated './app' module exports. */
export function sectionLifecycles({ name, React, ReactDOMClient, rootComponent }: SectionLifecyclesOptions) {
  registerReactInstance(name, React);
  return singleSpaReact({
    React,
    ReactDOMClient: transitionRoots(React, ReactDOMClient),
    rootComponent,
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

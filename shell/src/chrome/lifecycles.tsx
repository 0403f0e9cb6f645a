import React from 'react';
import ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { SectionError, SectionRoot, registerReactInstance, transitionRoots } from '@portal/ui';
import { startSession, store } from '@portal/store';
import { Chrome } from './Chrome';

registerReactInstance('shell', React);
// The session starts before the header first renders, so it never shows a wrong state.
startSession(store);

const byId = (id: string) => document.getElementById(id) as HTMLElement;

function ShellRoot() {
  return (
    <Chrome
      slots={{
        header: byId('shell-header'),
        footer: byId('shell-footer'),
        notFound: byId('section-not-found'),
      }}
    />
  );
}

const lifecycles = singleSpaReact({
  React,
  ReactDOMClient: transitionRoots(React, ReactDOMClient),
  rootComponent: ShellRoot,
  domElementGetter: () => byId('shell-chrome'),
  errorBoundary: () => (
    <SectionRoot name="shell">
      <SectionError
        title="The site navigation failed to load"
        message="Reload the page to restore the header and footer."
        onRetry={() => window.location.reload()}
      />
    </SectionRoot>
  ),
});

export const { bootstrap, mount, unmount } = lifecycles;

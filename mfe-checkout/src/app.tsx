// The federated module './app': single-spa lifecycles of the checkout section.
import React from 'react';
import ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { SectionError, SectionRoot, registerReactInstance } from '@portal/ui';
import { CheckoutRoot } from './Root';

registerReactInstance('checkout', React);

const lifecycles = singleSpaReact({
  React,
  ReactDOMClient,
  rootComponent: CheckoutRoot,
  errorBoundary: () => (
    <SectionRoot name="checkout">
      <SectionError
        headingComponent="h1"
        title="This page hit an unexpected error"
        message="Reload the page to try again. If it keeps happening, contact us and we will sort it out."
        onRetry={() => window.location.reload()}
      />
    </SectionRoot>
  ),
});

export const { bootstrap, mount, unmount } = lifecycles;

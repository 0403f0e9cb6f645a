// The federated module './app': single-spa lifecycles of the checkout section.
import React from 'react';
import ReactDOMClient from 'react-dom/client';
import { sectionLifecycles } from '@portal/ui';
import { CheckoutRoot, preloadPage } from './Root';

// The sign-in and account pages are prerendered (tools/prerender): the first render replaces the copy.
export const { bootstrap, mount, unmount } = sectionLifecycles({
  name: 'checkout',
  React,
  ReactDOMClient,
  rootComponent: CheckoutRoot,
  firstMount: 'page',
  preloadPage,
});

// The federated module './app': single-spa lifecycles of the checkout section.
import React from 'react';
import ReactDOMClient from 'react-dom/client';
import { sectionLifecycles } from '@portal/ui';
import { CheckoutRoot } from './Root';

export const { bootstrap, mount, unmount } = sectionLifecycles({
  name: 'checkout',
  React,
  ReactDOMClient,
  rootComponent: CheckoutRoot,
});

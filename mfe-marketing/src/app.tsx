// The federated module './app': single-spa lifecycles of the marketing section.
import React from 'react';
import ReactDOMClient from 'react-dom/client';
import { sectionLifecycles } from '@portal/ui';
import { MarketingRoot, preloadPage } from './Root';

export const { bootstrap, mount, unmount } = sectionLifecycles({
  name: 'marketing',
  React,
  ReactDOMClient,
  rootComponent: MarketingRoot,
  firstMount: 'page',
  preloadPage,
});

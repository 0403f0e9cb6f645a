// The federated module './app': single-spa lifecycles of the marketing section.
import React from 'react';
import ReactDOMClient from 'react-dom/client';
import { sectionLifecycles } from '@portal/ui';
import { MarketingRoot, preloadPage } from './Root';

const lifecycles = sectionLifecycles({
  name: 'marketing',
  React,
  ReactDOMClient,
  rootComponent: MarketingRoot,
  firstMount: 'page',
});

export const { bootstrap, unmount } = lifecycles;

/**
 * Renders once the page at the address has loaded, so the first render shows the page itself: a
 * prerendered copy is replaced at once, with no loading state between
 * (docs/adr/0066-prerendered-public-pages.md).
 */
export async function mount(props: Parameters<typeof lifecycles.mount>[0]): Promise<unknown> {
  await preloadPage(window.location.pathname);
  return lifecycles.mount(props);
}

// The federated module './app': single-spa lifecycles of the dashboard section.
import React from 'react';
import ReactDOMClient from 'react-dom/client';
import { sectionLifecycles } from '@portal/ui';
import { DashboardRoot } from './Root';

export const { bootstrap, mount, unmount } = sectionLifecycles({
  name: 'dashboard',
  React,
  ReactDOMClient,
  rootComponent: DashboardRoot,
});

// The federated module './app': single-spa lifecycles of the staff console section.
import React from 'react';
import ReactDOMClient from 'react-dom/client';
import { sectionLifecycles } from '@portal/ui';
import { StaffRoot } from './Root';

export const { bootstrap, mount, unmount } = sectionLifecycles({
  name: 'staff',
  React,
  ReactDOMClient,
  rootComponent: StaffRoot,
});

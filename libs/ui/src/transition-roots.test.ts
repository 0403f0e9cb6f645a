import type ReactDOMClientModule from 'react-dom/client';
import { transitionRoots } from './transition-roots';

describe('transitionRoots', () => {
  it("renders each root's content inside a transition and unmounts it plainly", () => {
    const calls: string[] = [];
    const root = {
      render: () => calls.push('render'),
      unmount: () => calls.push('unmount'),
    };
    const ReactDOMClient = { createRoot: () => root } as unknown as typeof ReactDOMClientModule;
    const React = {
      startTransition: (scope: () => void) => {
        calls.push('transition start');
        scope();
        calls.push('transition end');
      },
    };

    const transitionRoot = transitionRoots(React, ReactDOMClient).createRoot(document.createElement('div'));
    transitionRoot.render('page');
    transitionRoot.unmount();
    expect(calls).toEqual(['transition start', 'render', 'transition end', 'unmount']);
  });
});

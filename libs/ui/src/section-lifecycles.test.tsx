import * as React from 'react';
import { use } from 'react';
import ReactDOMClient from 'react-dom/client';
import { screen, waitFor } from '@testing-library/react';
import { sectionLifecycles } from './section-lifecycles';

/** A section whose page waits for `opened`, the way a page waits for its lazily loaded code. */
function gatedSection() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  function Section() {
    use(opened);
    return <p>Section page</p>;
  }
  return { Section, open };
}

async function mounted(lifecycles: ReturnType<typeof sectionLifecycles>, name: string) {
  const slot = document.createElement('div');
  document.body.append(slot);
  const props = { name, domElementGetter: () => slot, singleSpa: {}, mountParcel: () => undefined };
  await lifecycles.bootstrap(props as never);
  await lifecycles.mount(props as never);
  return { slot, unmount: () => lifecycles.unmount(props as never) };
}

type ActEnvironment = { IS_REACT_ACT_ENVIRONMENT?: boolean };

describe('sectionLifecycles', () => {
  // single-spa drives these roots as a browser would, outside React's act().
  beforeAll(() => ((globalThis as ActEnvironment).IS_REACT_ACT_ENVIRONMENT = false));
  afterAll(() => ((globalThis as ActEnvironment).IS_REACT_ACT_ENVIRONMENT = true));
  afterEach(() => document.body.replaceChildren());

  it('resolves mount once the loading placeholder is on the page, then renders the section', async () => {
    const { Section, open } = gatedSection();
    const lifecycles = sectionLifecycles({ name: 'checkout', React, ReactDOMClient, rootComponent: Section });

    const { unmount } = await mounted(lifecycles, 'checkout');
    expect(screen.getByLabelText('Loading page')).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByText('Section page')).not.toBeInTheDocument();

    open();
    expect(await screen.findByText('Section page')).toBeInTheDocument();
    expect(screen.queryByLabelText('Loading page')).not.toBeInTheDocument();
    await unmount();
    expect(document.body).toHaveTextContent('');
  });

  it("with firstMount 'page', resolves mount only once the section itself is on the page", async () => {
    const { Section, open } = gatedSection();
    const lifecycles = sectionLifecycles({
      name: 'marketing',
      React,
      ReactDOMClient,
      rootComponent: Section,
      firstMount: 'page',
    });
    let resolved = false;
    const mounting = mounted(lifecycles, 'marketing').then((result) => {
      resolved = true;
      return result;
    });

    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(resolved).toBe(false);
    open();
    await mounting;
    expect(screen.getByText('Section page')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByLabelText('Loading page')).not.toBeInTheDocument());
  });
});

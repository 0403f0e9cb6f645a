import { Suspense, type ReactElement } from 'react';
import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { SectionRoot } from '@portal/ui';
import { createPortalStore, type RootState } from '@portal/store';

/** Renders a page as the section does: theme, a fresh store, a router at `route`, Suspense. */
export function renderPage(
  ui: ReactElement,
  { route = '/', state }: { route?: string; state?: Partial<RootState> } = {},
) {
  const store = createPortalStore(state);
  const view = render(
    <SectionRoot name="test">
      <Provider store={store}>
        <MemoryRouter initialEntries={[route]}>
          <Suspense fallback={null}>{ui}</Suspense>
        </MemoryRouter>
      </Provider>
    </SectionRoot>,
  );
  return { store, ...view };
}

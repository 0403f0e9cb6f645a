import { Suspense, type ReactElement } from 'react';
import { render } from '@testing-library/react';
import { BrowserRouter } from 'react-router-dom';
import { SectionRoot } from '@portal/ui';
import { createPortalStore, type RootState, StoreProvider } from '@portal/store';

/** Renders a page as the section does: theme, a fresh store, a router at `route`, Suspense. */
export function renderPage(
  ui: ReactElement,
  { route = '/', state }: { route?: string; state?: Partial<RootState> } = {},
) {
  const store = createPortalStore(state);
  window.history.replaceState(null, '', route);
  const view = render(
    <BrowserRouter>
      <SectionRoot name="test">
        <StoreProvider store={store}>
          <Suspense fallback={null}>{ui}</Suspense>
        </StoreProvider>
      </SectionRoot>
    </BrowserRouter>,
  );
  return { store, ...view };
}

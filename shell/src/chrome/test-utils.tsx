import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { BrowserRouter } from 'react-router-dom';
import { SectionRoot } from '@portal/ui';
import { createPortalStore, type RootState, StoreProvider } from '@portal/store';

/** Renders chrome parts with the theme, a fresh store and a router at the current address. */
export function renderChrome(ui: ReactElement, state?: Partial<RootState>) {
  const store = createPortalStore(state);
  const view = render(
    <BrowserRouter>
      <SectionRoot name="test">
        <StoreProvider store={store}>{ui}</StoreProvider>
      </SectionRoot>
    </BrowserRouter>,
  );
  return { store, ...view };
}

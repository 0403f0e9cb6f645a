import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { SectionRoot } from '@portal/ui';
import { createPortalStore, type RootState, StoreProvider } from '@portal/store';

/** Renders chrome parts with the theme and a fresh store. */
export function renderChrome(ui: ReactElement, state?: Partial<RootState>) {
  const store = createPortalStore(state);
  const view = render(
    <SectionRoot name="test">
      <StoreProvider store={store}>{ui}</StoreProvider>
    </SectionRoot>,
  );
  return { store, ...view };
}

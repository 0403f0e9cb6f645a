import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { SectionRoot } from '@portal/ui';
import { createPortalStore, type RootState } from '@portal/store';

/** Renders chrome parts with the theme and a fresh store. */
export function renderChrome(ui: ReactElement, state?: Partial<RootState>) {
  const store = createPortalStore(state);
  const view = render(
    <SectionRoot name="test">
      <Provider store={store}>{ui}</Provider>
    </SectionRoot>,
  );
  return { store, ...view };
}

import { screen, within } from '@testing-library/react';

/** The tabs of the tab list named `tablistName`, in order. */
export const tabsOf = (tablistName: string) =>
  within(screen.getByRole('tablist', { name: tablistName })).getAllByRole('tab');

/** What the tabs of the tab list named `tablistName` read, in order. */
export const tabLabels = (tablistName: string) => tabsOf(tablistName).map((tab) => tab.textContent);

import { SECTION_ROUTES } from '@portal/contracts';
import { DASHBOARD_BASES, DASHBOARD_TABS, tabPath } from './dashboard-tabs';

describe('dashboard tabs', () => {
  it("under each base are exactly the site route table's dashboard routes (the section routes them, e2e visits them)", () => {
    const tabPaths = DASHBOARD_BASES.flatMap((base) => DASHBOARD_TABS.map(({ name }) => tabPath(base, name)));
    expect(tabPaths.sort()).toEqual([...SECTION_ROUTES.dashboard].sort());
  });
});

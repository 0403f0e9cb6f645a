import { DASHBOARD_PATHS } from '../../routes';
import { DASHBOARD_BASES, DASHBOARD_TABS, detailPath, locateTab, tabPath } from './dashboard-tabs';

describe('dashboard tabs', () => {
  it("under each base are exactly the section's routes (the section routes them, e2e visits them)", () => {
    const tabPaths = DASHBOARD_BASES.flatMap((base) =>
      DASHBOARD_TABS.flatMap((tab) =>
        'detail' in tab
          ? [tabPath(base, tab.name), `${tabPath(base, tab.name)}/:id`]
          : [tabPath(base, tab.name)],
      ),
    );
    expect(tabPaths.sort()).toEqual([...DASHBOARD_PATHS].sort());
  });

  it('finds the tab and the item of an item page, and the Overview for any other deeper path', () => {
    const id = 'c0ffee00-1234-4abc-8def-0123456789AB';
    expect(locateTab(`/customer-dashboard/Support/${id}/`)).toEqual({
      base: '/customer-dashboard',
      tab: 'Support',
      detail: id,
    });
    expect(detailPath('/dashboard', 'Support', id)).toBe(`/dashboard/support/${id}`);
    expect(locateTab('/dashboard/support')).toEqual({ base: '/dashboard', tab: 'Support' });
    expect(locateTab(`/dashboard/support/${id}/more`)).toEqual({ base: '/dashboard', tab: 'Overview' });
    expect(locateTab(`/dashboard/team/${id}`)).toEqual({ base: '/dashboard', tab: 'Overview' });
    // A webhook endpoint's delivery log is the Developers tab's item page.
    expect(locateTab(`/dashboard/developers/${id}`)).toEqual({
      base: '/dashboard',
      tab: 'Developers',
      detail: id,
    });
    expect(detailPath('/customer-dashboard', 'Developers', id)).toBe(`/customer-dashboard/developers/${id}`);
  });
});

import { SECTION_ROUTES } from '@portal/contracts';
import { DASHBOARD_PATHS } from './dashboard-tabs';

describe('dashboard tabs', () => {
  it("are exactly the site route table's dashboard routes (the shell routes them, e2e visits them)", () => {
    expect([...DASHBOARD_PATHS].sort()).toEqual([...SECTION_ROUTES.dashboard].sort());
  });
});

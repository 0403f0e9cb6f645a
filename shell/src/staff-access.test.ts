import { staffRoles, roleSchema } from '@portal/contracts';
import { SHELL_STAFF_ROLES, isStaffRole, setStaffSignedIn, staffConsoleAllowed } from './staff-access';

describe('staff access in the root config', () => {
  it("knows exactly the contracts' staff roles", () => {
    expect([...SHELL_STAFF_ROLES].sort()).toEqual([...staffRoles].sort());
    for (const role of roleSchema.options) {
      expect(isStaffRole(role)).toBe((staffRoles as readonly string[]).includes(role));
    }
    expect(isStaffRole(undefined)).toBe(false);
    expect(isStaffRole(null)).toBe(false);
  });

  it('allows the console only once a staff member is reported, and not after', () => {
    expect(staffConsoleAllowed()).toBe(false);
    setStaffSignedIn(true);
    expect(staffConsoleAllowed()).toBe(true);
    setStaffSignedIn(false);
    expect(staffConsoleAllowed()).toBe(false);
  });
});

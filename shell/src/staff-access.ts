import { triggerAppChange } from 'single-spa';

/**
 * The staff roles (admin, super_admin, billing, crm_manager): `staffRoles` of @portal/contracts, whose
 * module also builds zod schemas. Importing it would put zod into every first visit, so the list is
 * written here and a test holds it equal to the contracts' one.
 */
export const SHELL_STAFF_ROLES: readonly string[] = ['admin', 'super_admin', 'billing', 'crm_manager'];

export const isStaffRole = (role: string | undefined | null): boolean =>
  SHELL_STAFF_ROLES.includes(role ?? '');

let staffSignedIn = false;

/**
 * Whether the staff console may be mounted (and so downloaded): a staff member is signed in, as the
 * server said (`GET /api/auth/me` or login's answer). The root config's `activeWhen` of the staff
 * section asks this besides the path, so a visitor or a customer on `/staff` never loads the remote.
 */
export const staffConsoleAllowed = (): boolean => staffSignedIn;

/** The chrome reports the signed-in user's role; a change re-runs single-spa's routing. */
export function setStaffSignedIn(staff: boolean): void {
  if (staff === staffSignedIn) return;
  staffSignedIn = staff;
  void triggerAppChange();
}

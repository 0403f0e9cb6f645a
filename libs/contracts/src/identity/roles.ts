// Zod-free: the header and the sign-in pages ask `isCustomer` on their first render, before any form
// needs a schema (the schemas are in role-schemas.ts).

export const staffRoles = ['admin', 'super_admin', 'billing', 'crm_manager'] as const;
export const customerRoles = ['user', 'customer'] as const;
export type Role = (typeof staffRoles)[number] | (typeof customerRoles)[number];

export const isAdmin = (role: Role | undefined | null): boolean =>
  (staffRoles as readonly string[]).includes(role ?? '');
export const isCustomer = (role: Role | undefined | null): boolean =>
  (customerRoles as readonly string[]).includes(role ?? '');

/**
 * What a member does inside one organization (ADR 0180). Separate from the platform `role` of the
 * login (staff or customer): a customer's `role` stays `customer`/`user` whatever their membership role.
 */
export const orgRoles = ['owner', 'admin', 'billing', 'crm_manager', 'member'] as const;
export type OrgRole = (typeof orgRoles)[number];

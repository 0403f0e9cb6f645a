import { z } from 'zod';

export const staffRoles = ['admin', 'super_admin', 'billing', 'crm_manager'] as const;
export const customerRoles = ['user', 'customer'] as const;

export const roleSchema = z.enum([...staffRoles, ...customerRoles]);
export type Role = z.infer<typeof roleSchema>;

export const isAdmin = (role: Role | undefined | null): boolean =>
  (staffRoles as readonly string[]).includes(role ?? '');
export const isCustomer = (role: Role | undefined | null): boolean =>
  (customerRoles as readonly string[]).includes(role ?? '');

/**
 * What a member does inside one organization (ADR 0180). Separate from the platform `role` of the
 * login (staff or customer): a customer's `role` stays `customer`/`user` whatever their membership role.
 */
export const orgRoles = ['owner', 'admin', 'billing', 'crm_manager', 'member'] as const;
export const orgRoleSchema = z.enum(orgRoles, { error: 'Choose a role' });
export type OrgRole = z.infer<typeof orgRoleSchema>;

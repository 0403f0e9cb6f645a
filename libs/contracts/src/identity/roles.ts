import { z } from 'zod';

export const staffRoles = ['admin', 'super_admin', 'billing', 'crm_manager'] as const;
export const customerRoles = ['user', 'customer'] as const;

export const roleSchema = z.enum([...staffRoles, ...customerRoles]);
export type Role = z.infer<typeof roleSchema>;

export const isAdmin = (role: Role | undefined | null): boolean =>
  (staffRoles as readonly string[]).includes(role ?? '');
export const isCustomer = (role: Role | undefined | null): boolean =>
  (customerRoles as readonly string[]).includes(role ?? '');

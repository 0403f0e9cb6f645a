import { z } from 'zod';
import { customerRoles, orgRoles, staffRoles } from './roles';

export const roleSchema = z.enum([...staffRoles, ...customerRoles]);
export const orgRoleSchema = z.enum(orgRoles, { error: 'Choose a role' });

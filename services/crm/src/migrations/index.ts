import { InitialSchema1763870000000 } from './1763870000000-InitialSchema';

/** crm's migrations, oldest first. Add new ones at the end. */
export const crmMigrations = [InitialSchema1763870000000];

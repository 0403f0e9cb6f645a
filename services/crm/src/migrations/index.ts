import { InitialSchema1763870000000 } from './1763870000000-InitialSchema';
import { Integrations1764100000000 } from './1764100000000-Integrations';

/** crm's migrations, oldest first. Add new ones at the end. */
export const crmMigrations = [InitialSchema1763870000000, Integrations1764100000000];

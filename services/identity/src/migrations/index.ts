import { InitialSchema1763840000000 } from './1763840000000-InitialSchema';

/** Identity's migrations, oldest first. Add new ones at the end. */
export const identityMigrations = [InitialSchema1763840000000];

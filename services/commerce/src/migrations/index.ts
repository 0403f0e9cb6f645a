import { InitialSchema1763900000000 } from './1763900000000-InitialSchema';

/** commerce's migrations, oldest first. Add new ones at the end. */
export const commerceMigrations = [InitialSchema1763900000000];

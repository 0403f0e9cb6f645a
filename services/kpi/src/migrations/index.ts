import { InitialSchema1764100000000 } from './1764100000000-InitialSchema';

/** kpi's migrations, oldest first. Add new ones at the end. */
export const kpiMigrations = [InitialSchema1764100000000];

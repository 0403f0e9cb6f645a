import { InitialSchema1764100000000 } from './1764100000000-InitialSchema';
import { MetricsKeyedByOrganization1765000000000 } from './1765000000000-MetricsKeyedByOrganization';
import { OutboxTraceContext1767000000000 } from '@portal/events';

/** kpi's migrations, oldest first. Add new ones at the end. */
export const kpiMigrations = [
  InitialSchema1764100000000,
  MetricsKeyedByOrganization1765000000000,
  OutboxTraceContext1767000000000,
];

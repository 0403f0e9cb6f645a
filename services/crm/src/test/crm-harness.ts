import { type ServiceHarness, startServiceHarness } from '@portal/testing';
import { AppModule } from '../app.module';
import type { LeadLimits } from '../config';
import { crmEntities } from '../database';
import { crmMigrations } from '../migrations';

/** crm on a throwaway database, migrated, listening on a random port. */
export function startCrm(
  options: { natsUrl?: string; limits?: Partial<LeadLimits> } = {},
): Promise<ServiceHarness> {
  const limits: LeadLimits = { contactPer10Minutes: 1000, newsletterPer10Minutes: 1000, ...options.limits };
  return startServiceHarness({
    name: 'crm',
    createModule: (config) => AppModule.forRoot({ ...config, limits }),
    migrations: crmMigrations,
    entities: crmEntities,
    natsUrl: options.natsUrl,
  });
}

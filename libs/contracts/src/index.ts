export * from './errors';
export * from './events/envelope';
export * from './events/catalog';
export * from './identity/roles';
export * from './identity/auth';
export * from './identity/organizations';
export * from './identity/features';
export * from './crm/leads';

import { InitialSchema1763900000000 } from './1763900000000-InitialSchema';
import { OrdersOfDeletedAccounts1764700000000 } from './1764700000000-OrdersOfDeletedAccounts';
import { PaymentAttempts1764900000000 } from './1764900000000-PaymentAttempts';
import { OrdersOwnedByOrganizations1765000000000 } from './1765000000000-OrdersOwnedByOrganizations';
import { PaymentHistoryInvoicesRefunds1766200000000 } from './1766200000000-PaymentHistoryInvoicesRefunds';
import { OrganizationNames1766400000000 } from './1766400000000-OrganizationNames';
import { CatalogChanges1767100000000 } from './1767100000000-CatalogChanges';
import { Subscriptions1767500000000 } from './1767500000000-Subscriptions';
import { OutboxTraceContext1767000000000 } from '@portal/events';

/** commerce's migrations, oldest first. Add new ones at the end. */
export const commerceMigrations = [
  InitialSchema1763900000000,
  OrdersOfDeletedAccounts1764700000000,
  PaymentAttempts1764900000000,
  OrdersOwnedByOrganizations1765000000000,
  PaymentHistoryInvoicesRefunds1766200000000,
  OrganizationNames1766400000000,
  OutboxTraceContext1767000000000,
  CatalogChanges1767100000000,
  Subscriptions1767500000000,
];

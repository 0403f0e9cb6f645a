import { InitialSchema1763840000000 } from './1763840000000-InitialSchema';
import { AuthAttempts1763850000000 } from './1763850000000-AuthAttempts';
import { SessionsByUser1763860000000 } from './1763860000000-SessionsByUser';
import { SignInBackOff1763870000000 } from './1763870000000-SignInBackOff';
import { AccountRecovery1763880000000 } from './1763880000000-AccountRecovery';
import { AccountAttemptKinds1763890000000 } from './1763890000000-AccountAttemptKinds';
import { Memberships1763900000000 } from './1763900000000-Memberships';
import { StaffCustomersAndTicketEmails1766310000000 } from './1766310000000-StaffCustomersAndTicketEmails';
import { ApiKeys1766400000000 } from './1766400000000-ApiKeys';
import { OutboxTraceContext1767000000000 } from '@portal/events';

/** Identity's migrations, oldest first. Add new ones at the end. */
export const identityMigrations = [
  InitialSchema1763840000000,
  AuthAttempts1763850000000,
  SessionsByUser1763860000000,
  SignInBackOff1763870000000,
  AccountRecovery1763880000000,
  AccountAttemptKinds1763890000000,
  Memberships1763900000000,
  StaffCustomersAndTicketEmails1766310000000,
  ApiKeys1766400000000,
  OutboxTraceContext1767000000000,
];

import { hash } from '@node-rs/argon2';
import type { OrgRole } from '@portal/contracts';
import { demoCustomer } from '@portal/db';
import type { DataSource, EntityManager } from 'typeorm';
import { ARGON2_OPTIONS, passwordMatches } from '../auth/password-hasher';
import { MembershipsService } from '../memberships/memberships.service';
import { OrganizationsService } from '../organizations/organizations.service';
import { UsersService } from '../users/users.service';

export type DemoCustomerSeeded = 'added' | 'password updated' | 'already there';

interface DemoAccount {
  userId: string;
  name: string;
  email: string;
  orgRole: OrgRole;
}

/**
 * The demo customer `npm start` signs a newcomer in as (README: "Demo customer"), owner of its
 * organisation, under the fixed ids the other services' demo rows belong to, and a second member of
 * that organisation with the `billing` role (`demoCustomer.billingMember`) signing in with the same
 * password. `password` is the one the runner generated for this install and prints: when the stored
 * hash no longer matches it (the `.data/keys` folder was wiped but the database kept), the hash is
 * replaced and the account's sessions end. Answers what happened to the demo customer.
 */
export async function seedDemoCustomer(
  dataSource: DataSource,
  password: string,
): Promise<DemoCustomerSeeded> {
  const { userId, organizationId, organizationName, timezone, name, email, billingMember } = demoCustomer;
  const organizations = new OrganizationsService(dataSource);
  const passwordHash = await hash(password, ARGON2_OPTIONS);
  return dataSource.transaction(async (manager) => {
    await organizations.addIfMissing(manager, { id: organizationId, name: organizationName, timezone });
    const owner = { userId, name, email, orgRole: 'owner' as const };
    const seeded = await seedAccount(dataSource, manager, owner, password, passwordHash);
    await seedAccount(
      dataSource,
      manager,
      {
        userId: billingMember.userId,
        name: billingMember.name,
        email: billingMember.email,
        orgRole: billingMember.role,
      },
      password,
      passwordHash,
    );
    return seeded;
  });
}

async function seedAccount(
  dataSource: DataSource,
  manager: EntityManager,
  account: DemoAccount,
  password: string,
  passwordHash: string,
): Promise<DemoCustomerSeeded> {
  const users = new UsersService(dataSource);
  const memberships = new MembershipsService(dataSource);
  const { organizationId } = demoCustomer;
  const added = await users.addIfMissing(manager, {
    id: account.userId,
    name: account.name,
    email: account.email,
    passwordHash,
    role: 'customer',
    organizationId,
    emailVerifiedAt: new Date(),
  });
  const stored = added || (await users.lock(manager, account.userId));
  // Its email taken by another account: nothing of it to seed.
  if (!stored) return 'already there';
  if (!(await memberships.find(organizationId, account.userId, manager))) {
    await memberships.add(manager, { organizationId, userId: account.userId, role: account.orgRole });
  }
  if (stored === true) return 'added';
  await users.markEmailVerified(manager, account.userId);
  if (await passwordMatches(stored.passwordHash, password)) return 'already there';
  await users.update(manager, account.userId, { passwordHash }, true);
  return 'password updated';
}

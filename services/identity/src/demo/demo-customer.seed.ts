import { hash } from '@node-rs/argon2';
import { demoCustomer } from '@portal/db';
import type { DataSource } from 'typeorm';
import { ARGON2_OPTIONS, passwordMatches } from '../auth/password-hasher';
import { OrganizationsService } from '../organizations/organizations.service';
import { UsersService } from '../users/users.service';

export type DemoCustomerSeeded = 'added' | 'password updated' | 'already there';

/**
 * The demo customer `npm start` signs a newcomer in as (README: "Demo customer"), with its
 * organisation, under the fixed ids the other services' demo rows belong to. `password` is the one
 * the runner generated for this install and prints: when the stored hash no longer matches it (the
 * `.data/keys` folder was wiped but the database kept), the hash is replaced and the customer's
 * sessions end.
 */
export async function seedDemoCustomer(
  dataSource: DataSource,
  password: string,
): Promise<DemoCustomerSeeded> {
  const { userId, organizationId, organizationName, timezone, name, email } = demoCustomer;
  const organizations = new OrganizationsService(dataSource);
  const users = new UsersService(dataSource);
  return dataSource.transaction(async (manager) => {
    await organizations.addIfMissing(manager, { id: organizationId, name: organizationName, timezone });
    const passwordHash = await hash(password, ARGON2_OPTIONS);
    const account = {
      id: userId,
      name,
      email,
      passwordHash,
      role: 'customer' as const,
      organizationId,
      emailVerifiedAt: new Date(),
    };
    if (await users.addIfMissing(manager, account)) return 'added';
    await users.markEmailVerified(manager, userId);
    const stored = await users.lock(manager, userId);
    if (!stored || (await passwordMatches(stored.passwordHash, password))) return 'already there';
    await users.update(manager, userId, { passwordHash }, true);
    return 'password updated';
  });
}

import { emailSchema, newPasswordSchema } from '@portal/contracts';
import { hash } from '@node-rs/argon2';
import type { DataSource } from 'typeorm';
import { z } from 'zod';
import { ARGON2_OPTIONS, passwordMatches } from '../auth/password-hasher';
import { UsersService } from '../users/users.service';

export const staffAccountEnvSchema = z.object({
  STAFF_EMAIL: emailSchema.optional(),
  STAFF_PASSWORD: newPasswordSchema.optional(),
  STAFF_NAME: z.string().trim().min(1).max(100).default('Staff Administrator'),
});

export interface StaffAccount {
  email: string;
  password: string;
  name: string;
}

/** The staff account the environment asks for, or undefined when STAFF_EMAIL/STAFF_PASSWORD are unset. */
export function staffAccountFromEnv(vars: z.infer<typeof staffAccountEnvSchema>): StaffAccount | undefined {
  if (!vars.STAFF_EMAIL && !vars.STAFF_PASSWORD) return undefined;
  if (!vars.STAFF_EMAIL || !vars.STAFF_PASSWORD) {
    throw new Error('STAFF_EMAIL and STAFF_PASSWORD must be set together');
  }
  return { email: vars.STAFF_EMAIL, password: vars.STAFF_PASSWORD, name: vars.STAFF_NAME };
}

/**
 * Creates the `admin` account, or brings an existing account with that email (any case) to role
 * admin with the given name and password. Idempotent; runs at every start. When that changes the
 * stored password or role, the account's sessions end: tokens issued under the old ones stop working.
 */
export async function ensureStaffAccount(
  dataSource: DataSource,
  account: StaffAccount,
): Promise<'created' | 'updated' | 'unchanged'> {
  const users = new UsersService(dataSource);
  const existing = await users.findByEmail(account.email);
  if (!existing) {
    await users.create(dataSource.manager, {
      name: account.name,
      email: account.email,
      passwordHash: await hash(account.password, ARGON2_OPTIONS),
      role: 'admin',
      organizationId: null,
      emailVerifiedAt: new Date(),
    });
    return 'created';
  }
  const passwordChanged = !(await passwordMatches(existing.passwordHash, account.password));
  const roleChanged = existing.role !== 'admin';
  const verified = existing.emailVerifiedAt !== null;
  if (
    !passwordChanged &&
    !roleChanged &&
    verified &&
    existing.name === account.name &&
    existing.provider === 'local'
  ) {
    return 'unchanged';
  }
  const passwordHash = passwordChanged ? await hash(account.password, ARGON2_OPTIONS) : existing.passwordHash;
  await dataSource.transaction((manager) =>
    users.update(
      manager,
      existing.id,
      {
        name: account.name,
        passwordHash,
        role: 'admin',
        provider: 'local',
        emailVerifiedAt: existing.emailVerifiedAt ?? new Date(),
      },
      passwordChanged || roleChanged,
    ),
  );
  return 'updated';
}

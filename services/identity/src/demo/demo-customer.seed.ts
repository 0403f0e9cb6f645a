import { hash } from '@node-rs/argon2';
import { demoCustomer } from '@portal/db';
import type { DataSource } from 'typeorm';
import { ARGON2_OPTIONS, passwordMatches } from '../auth/password-hasher';
import { revokeSessionsAfterCredentialChange } from '../sessions/sessions.service';

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
  return dataSource.transaction(async (manager) => {
    await manager.query(
      `INSERT INTO organizations (id, name, timezone) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING`,
      [organizationId, organizationName, timezone],
    );
    const passwordHash = await hash(password, ARGON2_OPTIONS);
    const inserted: unknown[] = await manager.query(
      `INSERT INTO public_users (id, name, email, password_hash, provider, role, organization_id)
       VALUES ($1, $2, $3, $4, 'local', 'customer', $5)
       ON CONFLICT DO NOTHING
       RETURNING id`,
      [userId, name, email, passwordHash, organizationId],
    );
    if (inserted.length) return 'added';
    const [stored]: { password_hash: string | null }[] = await manager.query(
      `SELECT password_hash FROM public_users WHERE id = $1 FOR UPDATE`,
      [userId],
    );
    if (!stored || (await passwordMatches(stored.password_hash, password))) return 'already there';
    await manager.query(`UPDATE public_users SET password_hash = $2 WHERE id = $1`, [userId, passwordHash]);
    await revokeSessionsAfterCredentialChange(manager, userId);
    return 'password updated';
  });
}

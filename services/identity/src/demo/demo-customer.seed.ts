import { hash } from '@node-rs/argon2';
import { demoCustomer } from '@portal/db';
import type { DataSource } from 'typeorm';
import { ARGON2_OPTIONS } from '../auth/password-hasher';

/**
 * The demo customer `npm start` signs a newcomer in as (README: "Demo customer"), with its
 * organisation, under the fixed ids the other services' demo rows belong to. Rows already there are
 * left as they are, so a changed password survives restarts.
 */
export async function seedDemoCustomer(dataSource: DataSource): Promise<'added' | 'already there'> {
  const { userId, organizationId, organizationName, timezone, name, email, password } = demoCustomer;
  return dataSource.transaction(async (manager) => {
    await manager.query(
      `INSERT INTO organizations (id, name, timezone) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING`,
      [organizationId, organizationName, timezone],
    );
    const inserted: unknown[] = await manager.query(
      `INSERT INTO public_users (id, name, email, password_hash, provider, role, organization_id)
       VALUES ($1, $2, $3, $4, 'local', 'customer', $5)
       ON CONFLICT DO NOTHING
       RETURNING id`,
      [userId, name, email, await hash(password, ARGON2_OPTIONS), organizationId],
    );
    return inserted.length ? 'added' : 'already there';
  });
}

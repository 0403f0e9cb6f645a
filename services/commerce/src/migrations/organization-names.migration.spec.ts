import { randomUUID } from 'node:crypto';
import { asMigration, startForSuite } from '@portal/testing';
import { startCommerce } from '../test/commerce-harness';
import { OrganizationNames1766400000000 } from './1766400000000-OrganizationNames';

describe('migration 1766400000000-OrganizationNames', () => {
  const stack = startForSuite(startCommerce);
  const query = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) =>
    stack().service.dataSource.query(sql, params) as Promise<T[]>;
  const insert = (name: string | null, erasedAt: string | null) =>
    query('INSERT INTO organization_names (organization_id, name, erased_at) VALUES ($1, $2, $3)', [
      randomUUID(),
      name,
      erasedAt,
    ]);

  it('keeps a name or an erasure per organization, never both nor neither, and a second run keeps the rows', async () => {
    const named = randomUUID();
    await query('INSERT INTO organization_names (organization_id, name) VALUES ($1, $2)', [named, 'Acme']);
    await insert(null, '2026-11-26T09:00:00.000Z');
    await expect(insert(null, null)).rejects.toThrow(/organization_names_name_or_erased/);
    await expect(insert('Acme', '2026-11-26T09:00:00.000Z')).rejects.toThrow(
      /organization_names_name_or_erased/,
    );
    await expect(insert('x'.repeat(201), null)).rejects.toThrow(/too long/);

    await asMigration(stack().service.dataSource, (runner) =>
      new OrganizationNames1766400000000().up(runner),
    );
    expect(await query('SELECT name FROM organization_names WHERE organization_id = $1', [named])).toEqual([
      { name: 'Acme' },
    ]);
  });
});

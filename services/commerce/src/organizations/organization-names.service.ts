import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

/**
 * The organizations' names as identity announces them (`portal.organizations.created`), for the
 * invoices: commerce's own copy, so an invoice renders without asking identity.
 */
@Injectable()
export class OrganizationNames {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Records the organization's name, unless the organization was deleted (its name stays erased). */
  async remember(manager: EntityManager, organizationId: string, name: string): Promise<void> {
    await manager.query(
      `INSERT INTO organization_names (organization_id, name) VALUES ($1, $2)
       ON CONFLICT (organization_id) DO UPDATE SET name = EXCLUDED.name, updated_at = now()
         WHERE organization_names.erased_at IS NULL`,
      [organizationId, name],
    );
  }

  /** Erases a deleted organization's name, and keeps it erased; nothing to do the second time. */
  async erase(manager: EntityManager, organizationId: string, erasedAt: string): Promise<void> {
    await manager.query(
      `INSERT INTO organization_names (organization_id, erased_at) VALUES ($1, $2)
       ON CONFLICT (organization_id) DO UPDATE SET name = NULL, erased_at = EXCLUDED.erased_at, updated_at = now()
         WHERE organization_names.erased_at IS NULL`,
      [organizationId, erasedAt],
    );
  }

  /** Records the name of an organization commerce has not heard of yet (fixed demo data). */
  async rememberIfNew(organizationId: string, name: string): Promise<void> {
    await this.dataSource.query(
      'INSERT INTO organization_names (organization_id, name) VALUES ($1, $2) ON CONFLICT DO NOTHING',
      [organizationId, name],
    );
  }

  /** The organization's name; null until its creation event arrived, and once it was deleted. */
  async nameOf(organizationId: string): Promise<string | null> {
    const rows: { name: string | null }[] = await this.dataSource.query(
      'SELECT name FROM organization_names WHERE organization_id = $1',
      [organizationId],
    );
    return rows[0]?.name ?? null;
  }
}

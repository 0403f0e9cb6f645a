import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DEFAULT_TIMEZONE } from '@portal/contracts';
import type { DataSource, EntityManager } from 'typeorm';

/**
 * The time zone each organisation counts its days in (America/New_York unless set),
 * learnt from identity's `portal.organizations.created`.
 */
@Injectable()
export class OrganizationTimezones {
  private readonly logger = new Logger('OrganizationTimezones');

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Records the organisation's zone; one PostgreSQL does not know is replaced by the default. */
  async remember(manager: EntityManager, organizationId: string, timezone: string): Promise<void> {
    const [{ known }] = await manager.query(
      'SELECT EXISTS (SELECT 1 FROM pg_timezone_names WHERE name = $1) AS known',
      [timezone],
    );
    if (!known)
      this.logger.warn(
        `organization ${organizationId}: unknown time zone "${timezone}", using ${DEFAULT_TIMEZONE}`,
      );
    await manager.query(
      `INSERT INTO organizations (id, timezone) VALUES ($1, $2)
       ON CONFLICT (id) DO UPDATE SET timezone = EXCLUDED.timezone, updated_at = now()`,
      [organizationId, known ? timezone : DEFAULT_TIMEZONE],
    );
  }

  /** Forgets a deleted organisation's zone; nothing to do the second time. */
  async forget(manager: EntityManager, organizationId: string): Promise<void> {
    await manager.query('DELETE FROM organizations WHERE id = $1', [organizationId]);
  }

  /** Records the zone of an organisation kpi has not heard of yet; a known one keeps its own. */
  async rememberIfNew(organizationId: string, timezone: string): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO organizations (id, timezone) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING`,
      [organizationId, timezone],
    );
  }

  /** The organisation's zone, or the default for an organisation kpi has not heard of (or none). */
  async timezoneOf(organizationId: string | null): Promise<string> {
    if (!organizationId) return DEFAULT_TIMEZONE;
    const rows: { timezone: string }[] = await this.dataSource.query(
      'SELECT timezone FROM organizations WHERE id = $1',
      [organizationId],
    );
    return rows[0]?.timezone ?? DEFAULT_TIMEZONE;
  }
}

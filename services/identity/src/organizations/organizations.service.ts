import { randomUUID } from 'node:crypto';
import { BadRequestException, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { isStorableText, type Organization, organizationNameSchema, unstorableTextMessage } from '@portal/contracts';
import { enqueueCatalogEvent } from '@portal/events';
import type { DataSource, EntityManager } from 'typeorm';
import { OrganizationEntity } from './organization.entity';

@Injectable()
export class OrganizationsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Creates an organization (plan and timezone take their defaults) and its
   * `portal.organizations.created` event in one transaction. Pass the manager of an open transaction
   * (e.g. registration's) to join it; otherwise a transaction of its own is used.
   */
  async create(name: string, manager?: EntityManager): Promise<Organization> {
    const parsed = organizationNameSchema.safeParse(name);
    if (!parsed.success) throw new BadRequestException(parsed.error.issues[0]?.message);
    // A NUL or a lone surrogate would fail the insert (or the event's jsonb) with a 500.
    if (!isStorableText(parsed.data)) throw new BadRequestException(unstorableTextMessage);
    const work = async (tx: EntityManager): Promise<Organization> => {
      const saved = await tx.save(
        OrganizationEntity,
        tx.create(OrganizationEntity, { id: randomUUID(), name: parsed.data }),
      );
      const organization: Organization = {
        id: saved.id,
        name: saved.name,
        planId: saved.planId,
        timezone: saved.timezone,
        createdAt: saved.createdAt.toISOString(),
      };
      await enqueueCatalogEvent(tx, 'organizationCreated', {
        organizationId: organization.id,
        name: organization.name,
        planId: organization.planId,
        timezone: organization.timezone,
        createdAt: organization.createdAt,
      });
      return organization;
    };
    return manager ? work(manager) : this.dataSource.transaction(work);
  }

  /** The organization's name; null when it does not exist. */
  async nameOf(organizationId: string): Promise<string | null> {
    const rows: { name: string }[] = await this.dataSource.query('SELECT name FROM organizations WHERE id = $1', [
      organizationId,
    ]);
    return rows[0]?.name ?? null;
  }

  /**
   * Adds the organisation under its own id unless one with that id exists, with the caller's
   * transaction and without an event: for fixed demo data that every service seeds for itself.
   */
  async addIfMissing(
    manager: EntityManager,
    organization: Pick<OrganizationEntity, 'id' | 'name' | 'timezone'>,
  ): Promise<void> {
    await manager.query(
      `INSERT INTO organizations (id, name, timezone) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING`,
      [organization.id, organization.name, organization.timezone],
    );
  }
}

import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { CatalogPackage } from '@portal/contracts';
import type { DataSource } from 'typeorm';
import { PackageEntity } from './package.entity';

/** A package of the catalog as the seed writes it; its id is fixed. */
export type CatalogEntry = Pick<
  PackageEntity,
  'id' | 'name' | 'price' | 'description' | 'features' | 'sortOrder'
>;

export type PackagePrice = Pick<PackageEntity, 'id' | 'name' | 'price'>;

/** The one access to `packages`: the catalog on sale, and the seed's entries. */
@Injectable()
export class PackagesService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The packages on sale, in catalog order. */
  async listActive(): Promise<CatalogPackage[]> {
    const rows = await this.dataSource.getRepository(PackageEntity).find({
      where: { isActive: true },
      order: { sortOrder: 'ASC', price: 'ASC', name: 'ASC' },
    });
    return rows.map(toCatalogPackage);
  }

  /**
   * Inserts the entries, or brings the packages with their ids back to them and on sale, in one
   * transaction: one `portal.catalog.changed` when something changed, none when nothing did.
   */
  async upsertAll(entries: readonly CatalogEntry[]): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      for (const entry of entries) {
        await manager.query(
          `INSERT INTO packages (id, name, price, description, features, is_active, sort_order)
           VALUES ($1, $2, $3, $4, $5, true, $6)
           ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, price = EXCLUDED.price,
             description = EXCLUDED.description, features = EXCLUDED.features,
             is_active = true, sort_order = EXCLUDED.sort_order`,
          [
            entry.id,
            entry.name,
            entry.price,
            entry.description,
            JSON.stringify(entry.features),
            entry.sortOrder,
          ],
        );
      }
    });
  }

  /** Name and price of those of `ids` that are on sale; ids not found (or no longer sold) are absent. */
  activeByIds(ids: string[]): Promise<PackagePrice[]> {
    return this.dataSource.query(
      'SELECT id, name, price FROM packages WHERE id = ANY($1::uuid[]) AND is_active',
      [ids],
    );
  }
}

function toCatalogPackage(row: PackageEntity): CatalogPackage {
  return {
    id: row.id,
    name: row.name,
    price: row.price,
    description: row.description,
    features: row.features,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
  };
}

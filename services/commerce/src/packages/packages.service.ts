import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { CatalogPackage } from '@portal/contracts';
import type { DataSource } from 'typeorm';
import { PackageEntity } from './package.entity';

export type PackagePrice = Pick<PackageEntity, 'id' | 'name' | 'price'>;

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

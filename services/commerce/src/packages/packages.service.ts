import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { CatalogPackage } from '@portal/contracts';
import { type DataSource, type EntityManager, In } from 'typeorm';
import { PackageEntity } from './package.entity';

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

  /** Those of `ids` that are on sale; ids not found (or no longer sold) are simply absent. */
  activeByIds(ids: string[], manager: EntityManager = this.dataSource.manager): Promise<PackageEntity[]> {
    return manager.getRepository(PackageEntity).findBy({ id: In(ids), isActive: true });
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

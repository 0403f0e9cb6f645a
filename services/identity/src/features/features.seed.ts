import type { DataSource } from 'typeorm';
import { FEATURE_CATALOG } from './feature-catalog';
import { FeatureEntity } from './feature.entity';
import { FeaturesService } from './features.service';

/**
 * Inserts the catalog's features and refreshes the names and descriptions of existing ones.
 * Idempotent; never re-enables a feature that was switched off.
 */
export async function seedFeatures(dataSource: DataSource): Promise<{ inserted: number; updated: number }> {
  let inserted = 0;
  let updated = 0;
  await dataSource.transaction(async (manager) => {
    const features = new FeaturesService(manager.getRepository(FeatureEntity));
    for (const feature of FEATURE_CATALOG) {
      if (await features.upsert(feature)) inserted += 1;
      else updated += 1;
    }
  });
  return { inserted, updated };
}

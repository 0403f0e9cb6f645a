import type { DataSource } from 'typeorm';
import { FEATURE_CATALOG } from './feature-catalog';

/**
 * Inserts the catalog's features and refreshes the names and descriptions of existing ones.
 * Idempotent; never re-enables a feature that was switched off.
 */
export async function seedFeatures(dataSource: DataSource): Promise<{ inserted: number; updated: number }> {
  let inserted = 0;
  let updated = 0;
  await dataSource.transaction(async (manager) => {
    for (const feature of FEATURE_CATALOG) {
      const [row] = await manager.query(
        `INSERT INTO features (code, name, description) VALUES ($1, $2, $3)
         ON CONFLICT (code) DO UPDATE SET name = EXCLUDED.name, description = EXCLUDED.description
         RETURNING (xmax = 0) AS inserted`,
        [feature.code, feature.name, feature.description],
      );
      if (row.inserted) inserted += 1;
      else updated += 1;
    }
  });
  return { inserted, updated };
}

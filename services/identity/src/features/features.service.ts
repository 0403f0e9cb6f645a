import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { FeatureListResponse } from '@portal/contracts';
import type { Repository } from 'typeorm';
import { FeatureEntity } from './feature.entity';

/** How long a read of the features table is served from memory (the list changes rarely). */
export const FEATURES_CACHE_MS = 1000;

/** The one access to `features`: the enabled list, cached for a second, and the catalog's upsert. */
@Injectable()
export class FeaturesService {
  private cached?: { expires: number; value: Promise<FeatureListResponse> };

  constructor(@InjectRepository(FeatureEntity) private readonly features: Repository<FeatureEntity>) {}

  /**
   * The enabled features, ordered by code. A hot path (every page asks for it), so one database
   * read serves all the requests of the next second, concurrent ones included.
   */
  listEnabled(): Promise<FeatureListResponse> {
    const now = Date.now();
    if (!this.cached || this.cached.expires <= now) {
      const value = this.load();
      this.cached = { expires: now + FEATURES_CACHE_MS, value };
      value.catch(() => {
        if (this.cached?.value === value) this.cached = undefined; // never cache a failure
      });
    }
    return this.cached.value;
  }

  /** Forget the cached list, e.g. after features were switched on or off. */
  invalidate(): void {
    this.cached = undefined;
  }

  private async load(): Promise<FeatureListResponse> {
    const features = await this.features.find({
      select: { id: true, code: true, name: true, description: true },
      where: { enabled: true },
      order: { code: 'ASC' },
    });
    return { features };
  }

  /**
   * Inserts the feature, or refreshes the name and description of the one with its code without
   * switching it back on; answers whether it was inserted.
   */
  async upsert(feature: Pick<FeatureEntity, 'code' | 'name' | 'description'>): Promise<boolean> {
    const [row]: { inserted: boolean }[] = await this.features.query(
      `INSERT INTO features (code, name, description) VALUES ($1, $2, $3)
       ON CONFLICT (code) DO UPDATE SET name = EXCLUDED.name, description = EXCLUDED.description
       RETURNING (xmax = 0) AS inserted`,
      [feature.code, feature.name, feature.description],
    );
    return row.inserted;
  }
}

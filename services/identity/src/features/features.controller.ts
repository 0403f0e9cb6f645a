import { Controller, Get } from '@nestjs/common';
import type { FeatureListResponse } from '@portal/contracts';
import { FeaturesService } from './features.service';

@Controller('api/identity/features')
export class FeaturesController {
  constructor(private readonly featuresService: FeaturesService) {}

  @Get()
  list(): Promise<FeatureListResponse> {
    return this.featuresService.listEnabled();
  }
}

import { Controller, Get, Header } from '@nestjs/common';
import type { CatalogPackage } from '@portal/contracts';
import { PackagesService } from './packages.service';

@Controller('api/packages')
export class PackagesController {
  constructor(private readonly packages: PackagesService) {}

  /** Public: the catalog the pricing page and the cart show. Prices change rarely; a minute of caching is fine. */
  @Get()
  @Header('Cache-Control', 'public, max-age=60')
  list(): Promise<CatalogPackage[]> {
    return this.packages.listActive();
  }
}

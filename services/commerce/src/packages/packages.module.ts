import { Module } from '@nestjs/common';
import { CatalogSnapshot } from './catalog-snapshot';
import { PackagesController } from './packages.controller';
import { PackagesService } from './packages.service';

@Module({
  controllers: [PackagesController],
  providers: [PackagesService, CatalogSnapshot],
  exports: [PackagesService],
})
export class PackagesModule {}

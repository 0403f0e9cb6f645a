import { Controller, Get, Module } from '@nestjs/common';

@Controller('packages')
class PackagesController {
  @Get()
  list() {
    return [];
  }
}

/** A service with one route, `GET /packages` answering `[]`: for the specs of what every service app does. */
@Module({ controllers: [PackagesController] })
export class PackagesModule {}

import { Module } from '@nestjs/common';
import { ServiceConsumers } from '@portal/events';
import { OrganizationNamesConsumer } from './organization-names.consumer';
import { OrganizationNames } from './organization-names.service';

/** The organizations' names commerce learns from identity's events, for the invoices. */
@Module({
  providers: [ServiceConsumers, OrganizationNames, OrganizationNamesConsumer],
  exports: [OrganizationNames],
})
export class OrganizationsModule {}

import { Module } from '@nestjs/common';
import { ServiceConsumers } from '@portal/events';
import { IncidentsService } from './incidents.service';
import { StaffIncidentsController } from './staff-incidents.controller';
import { StatusController } from './status.controller';
import { StatusLimitsService } from './status-limits.service';
import { StatusPageService } from './status-page.service';
import { StatusSamplesConsumer } from './status-samples.consumer';
import { StatusSamplesService } from './status-samples.service';
import { SubscribersService } from './subscribers.service';

/** The public status page (ADR 0235): samples, incidents, subscribers of incident mails. */
@Module({
  controllers: [StatusController, StaffIncidentsController],
  providers: [
    StatusSamplesService,
    ServiceConsumers,
    StatusSamplesConsumer,
    IncidentsService,
    StatusPageService,
    StatusLimitsService,
    SubscribersService,
  ],
})
export class StatusModule {}

import { Module, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { keepRawJsonBody } from '@portal/nest-http';
import type { FastifyInstance } from 'fastify';
import { INBOUND_EVENTS_PATH, InboundEventsController } from './inbound-events.controller';
import { InboundEventsService } from './inbound-events.service';
import { IntegrationHealthService } from './integration-health.service';
import { IntegrationsController } from './integrations.controller';
import { IntegrationsService } from './integrations.service';
import { StaffIntegrationsController } from './staff-integrations.controller';

@Module({
  controllers: [IntegrationsController, InboundEventsController, StaffIntegrationsController],
  providers: [IntegrationsService, InboundEventsService, IntegrationHealthService],
  exports: [IntegrationsService, InboundEventsService],
})
export class IntegrationsModule implements OnModuleInit {
  constructor(private readonly adapterHost: HttpAdapterHost) {}

  onModuleInit(): void {
    keepRawJsonBody(this.adapterHost.httpAdapter.getInstance<FastifyInstance>(), INBOUND_EVENTS_PATH);
  }
}

import { Module, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { APPLICATION_BODY_MAX_BYTES, JOB_APPLICATIONS_PATH } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { ApplicationLimitsService } from './application-limits.service';
import { ApplicationsController } from './applications.controller';
import { ApplicationsService } from './applications.service';
import { acceptMultipartOn } from './multipart-form';
import { StaffApplicationsController } from './staff-applications.controller';

/** Job applications from the careers page: stored with their CV, apart from sales leads. */
@Module({
  controllers: [ApplicationsController, StaffApplicationsController],
  providers: [ApplicationsService, ApplicationLimitsService],
})
export class ApplicationsModule implements OnModuleInit {
  constructor(private readonly adapterHost: HttpAdapterHost) {}

  onModuleInit(): void {
    acceptMultipartOn(
      this.adapterHost.httpAdapter.getInstance<FastifyInstance>(),
      JOB_APPLICATIONS_PATH,
      APPLICATION_BODY_MAX_BYTES,
    );
  }
}

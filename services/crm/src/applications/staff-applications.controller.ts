import { Controller, Get, NotFoundException, Param, ParseUUIDPipe, Res } from '@nestjs/common';
import { StaffOnly } from '@portal/auth';
import { JOB_APPLICATIONS_PATH, type StaffApplication } from '@portal/contracts';
import type { FastifyReply } from 'fastify';
import { ApplicationsService } from './applications.service';

const applicationNotFound = () => new NotFoundException('Application not found');

/** Staff (isAdmin) read the applications and download each CV. */
@Controller(JOB_APPLICATIONS_PATH.slice(1))
@StaffOnly()
export class StaffApplicationsController {
  constructor(private readonly applications: ApplicationsService) {}

  @Get()
  async list(): Promise<{ applications: StaffApplication[] }> {
    return { applications: await this.applications.list() };
  }

  /** The CV as it was sent, as a download (never rendered inline by the browser). */
  @Get(':id/cv')
  async cv(
    @Param('id', new ParseUUIDPipe({ exceptionFactory: applicationNotFound })) id: string,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const cv = await this.applications.cvOf(id);
    if (!cv) throw applicationNotFound();
    await reply
      .header('content-type', cv.type)
      .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(cv.name)}`)
      .header('x-content-type-options', 'nosniff')
      .send(cv.data);
  }
}

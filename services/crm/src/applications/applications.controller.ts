import { Body, Controller, Headers, HttpCode, HttpStatus, Post, Req } from '@nestjs/common';
import {
  type ApplicationResponse,
  applicationFieldsSchema,
  applicationMessages,
  JOB_APPLICATIONS_PATH,
} from '@portal/contracts';
import { ZodValidationPipe } from '@portal/nest-http';
import type { FastifyRequest } from 'fastify';
import { type ApplicationFields, ApplicationsService } from './applications.service';
import { readMultipartForm } from './multipart-form';

const validFields = new ZodValidationPipe(applicationFieldsSchema);

/** The careers page's application form: public, multipart (see ApplicationsModule for its limit). */
@Controller(JOB_APPLICATIONS_PATH.slice(1))
export class ApplicationsController {
  constructor(private readonly applications: ApplicationsService) {}

  /** `request.ip` is the address the gateway saw. */
  @Post()
  @HttpCode(HttpStatus.CREATED)
  async apply(
    @Body() body: unknown,
    @Headers('content-type') contentType: string | undefined,
    @Req() request: FastifyRequest,
  ): Promise<ApplicationResponse> {
    const form = await readMultipartForm(body, contentType, applicationMessages.unreadableForm);
    const fields = validFields.transform(form.fields, { type: 'body' }) as ApplicationFields;
    return this.applications.apply(fields, form.files, request.ip);
  }
}

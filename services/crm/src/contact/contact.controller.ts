import { Body, Controller, HttpCode, HttpStatus, Post, Req } from '@nestjs/common';
import { type ContactResponse, contactRequestSchema } from '@portal/contracts';
import type { FastifyRequest } from 'fastify';
import { type ContactSubmission, ContactService } from './contact.service';

@Controller('api/contact')
export class ContactController {
  constructor(private readonly contact: ContactService) {}

  /** The contact form and the quote dialog. `request.ip` is the address the gateway saw. */
  @Post()
  @HttpCode(HttpStatus.CREATED)
  submit(
    @Body({ schema: contactRequestSchema }) body: ContactSubmission,
    @Req() request: FastifyRequest,
  ): Promise<ContactResponse> {
    return this.contact.submit(body, request.ip);
  }
}

import { Body, Controller, HttpStatus, Post, Req, Res } from '@nestjs/common';
import { type NewsletterRequest, newsletterRequestSchema } from '@portal/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { NewsletterService } from './newsletter.service';

@Controller('api/newsletter')
export class NewsletterController {
  constructor(private readonly newsletter: NewsletterService) {}

  /** 201 when the address was added, 200 when it was already on the list. */
  @Post()
  async subscribe(
    @Body({ schema: newsletterRequestSchema }) body: NewsletterRequest,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const result = await this.newsletter.subscribe(body.email, request.ip);
    await reply.status(result.subscribed ? HttpStatus.CREATED : HttpStatus.OK).send(result);
  }
}

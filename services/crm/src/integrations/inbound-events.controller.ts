import { Body, Controller, Headers, HttpStatus, Param, ParseUUIDPipe, Post, Res } from '@nestjs/common';
import { INBOUND_SIGNATURE_HEADER, type InboundEventResponse } from '@portal/contracts';
import type { FastifyReply } from 'fastify';
import { InboundEventsService, integrationUnavailable } from './inbound-events.service';
import { INBOUND_EVENTS_ROUTE } from './integration-view';

/** The route whose JSON body stays raw bytes, for the signature (see IntegrationsModule). */
export const INBOUND_EVENTS_PATH = `/${INBOUND_EVENTS_ROUTE}/:integrationId`;

/**
 * Where a connected CRM or dialer posts its events. No bearer token: the integration's signing
 * secret, over the exact bytes sent, proves who sent them.
 */
@Controller(INBOUND_EVENTS_ROUTE)
export class InboundEventsController {
  constructor(private readonly inbound: InboundEventsService) {}

  /** 202 for a new event, 200 `duplicate: true` for one received before (counted once). */
  @Post(':integrationId')
  async receive(
    @Param('integrationId', new ParseUUIDPipe({ exceptionFactory: integrationUnavailable }))
    integrationId: string,
    @Body() body: unknown,
    @Headers(INBOUND_SIGNATURE_HEADER) signature: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<InboundEventResponse> {
    const rawBody = Buffer.isBuffer(body) ? body : Buffer.alloc(0);
    const { duplicate } = await this.inbound.receive(integrationId, rawBody, signature);
    reply.status(duplicate ? HttpStatus.OK : HttpStatus.ACCEPTED);
    return { received: true, duplicate };
  }
}

import { Body, Controller, Get, Header, HttpCode, HttpStatus, Post, Req } from '@nestjs/common';
import {
  STATUS_CACHE_SECONDS,
  type StatusMessageResponse,
  type StatusPage,
  statusMessages,
  type StatusSubscribeRequest,
  statusSubscribeRequestSchema,
  type StatusTokenRequest,
  statusTokenRequestSchema,
} from '@portal/contracts';
import type { FastifyRequest } from 'fastify';
import { StatusPageService } from './status-page.service';
import { SubscribersService } from './subscribers.service';

/** The public status page's API (ADR 0235): no sign-in. */
@Controller('api/status')
export class StatusController {
  constructor(
    private readonly page: StatusPageService,
    private readonly subscribers: SubscribersService,
  ) {}

  @Get()
  @Header('cache-control', `public, max-age=${STATUS_CACHE_SECONDS}`)
  status(): Promise<StatusPage> {
    return this.page.page();
  }

  /** 202 whatever the address's state (new, waiting, confirmed): a confirmation mail goes to a new or waiting one. */
  @Post('subscriptions')
  @HttpCode(HttpStatus.ACCEPTED)
  async subscribe(
    @Body({ schema: statusSubscribeRequestSchema }) body: StatusSubscribeRequest,
    @Req() request: FastifyRequest,
  ): Promise<StatusMessageResponse> {
    await this.subscribers.subscribe(body.email, request.ip);
    return { message: statusMessages.subscribeAccepted };
  }

  @Post('subscriptions/confirm')
  @HttpCode(HttpStatus.OK)
  async confirm(
    @Body({ schema: statusTokenRequestSchema }) body: StatusTokenRequest,
  ): Promise<StatusMessageResponse> {
    await this.subscribers.confirm(body.token);
    return { message: statusMessages.confirmed };
  }

  @Post('subscriptions/unsubscribe')
  @HttpCode(HttpStatus.OK)
  async unsubscribe(
    @Body({ schema: statusTokenRequestSchema }) body: StatusTokenRequest,
  ): Promise<StatusMessageResponse> {
    await this.subscribers.unsubscribe(body.token);
    return { message: statusMessages.unsubscribed };
  }
}

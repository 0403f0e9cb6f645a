import {
  BadRequestException,
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Headers,
  HttpStatus,
  NotFoundException,
  Param,
  Post,
  Query,
  Res,
  UseFilters,
} from '@nestjs/common';
import { type ApiCaller, ApiScopes, CurrentApiCaller } from '@portal/auth';
import {
  apiErrorCodes,
  fromPublicId,
  toPublicId,
  v1CreateWebhookEndpointRequestSchema,
  type V1CreatedWebhookEndpoint,
  type V1DeletedWebhookEndpoint,
  v1ListQuerySchema,
  v1UpdateWebhookEndpointRequestSchema,
  type V1WebhookEndpoint,
  type V1WebhookEndpointList,
  type WebhookEndpoint,
} from '@portal/contracts';
import {
  IdempotencyService,
  idempotencyKeyOf,
  parseV1,
  requestHash,
  sendIdempotentAnswer,
  v1Errors,
  V1ExceptionFilter,
  v1Messages,
} from '@portal/nest-http';
import type { FastifyReply } from 'fastify';
import { WebhooksService } from '../webhooks.service';

const KIND = 'webhook endpoint';

export const toV1WebhookEndpoint = (endpoint: WebhookEndpoint): V1WebhookEndpoint => ({
  id: toPublicId('webhook_endpoint', endpoint.id),
  object: 'webhook_endpoint',
  url: endpoint.url,
  events: endpoint.events,
  description: endpoint.description,
  status: endpoint.status,
  failing_since: endpoint.failingSince,
  created_at: endpoint.createdAt,
  updated_at: endpoint.updatedAt,
});

/**
 * The service's answers in the API's words: its 404 names the id, its refusal of a URL (SSRF guard,
 * unresolvable host) is a 400 on `url`.
 */
async function inV1Words<T>(id: string | null, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof NotFoundException && id !== null) throw v1Errors.objectMissing(KIND, id);
    if (error instanceof BadRequestException) {
      throw v1Errors.invalidParameter(apiErrorCodes.parameterInvalid, error.message, 'url');
    }
    throw error;
  }
}

/**
 * `/v1/webhook_endpoints` (ADR 0205): the Developers page's endpoints for an API key with
 * `webhooks:manage`, through the same `WebhooksService` (URL guard, per-organization limit), for the
 * key's organization only; another organization's endpoint is not found.
 */
@Controller('v1/webhook_endpoints')
@UseFilters(V1ExceptionFilter)
@ApiScopes('webhooks:manage')
export class V1WebhookEndpointsController {
  constructor(
    private readonly webhooks: WebhooksService,
    private readonly idempotency: IdempotencyService,
  ) {}

  /** Newest first; an organization has at most a few endpoints, so the page is cut from its list. */
  @Get()
  async list(@CurrentApiCaller() caller: ApiCaller, @Query() query: unknown): Promise<V1WebhookEndpointList> {
    const { limit, starting_after: startingAfter } = parseV1(v1ListQuerySchema, query);
    const all = (await this.webhooks.list(caller.organizationId)).reverse();
    let start = 0;
    if (startingAfter !== undefined) {
      const after = fromPublicId('webhook_endpoint', startingAfter);
      if (after === null) {
        throw v1Errors.invalidParameter(
          apiErrorCodes.parameterInvalid,
          v1Messages.cursorInvalid(KIND),
          'starting_after',
        );
      }
      const index = all.findIndex((endpoint) => endpoint.id === after);
      if (index < 0) {
        throw v1Errors.invalidParameter(
          apiErrorCodes.resourceMissing,
          v1Messages.cursorMissing(startingAfter),
          'starting_after',
        );
      }
      start = index + 1;
    }
    const data = all.slice(start, start + limit).map(toV1WebhookEndpoint);
    const hasMore = start + limit < all.length;
    return {
      object: 'list',
      data,
      has_more: hasMore,
      next_cursor: hasMore ? data[data.length - 1].id : null,
    };
  }

  /** Creates an endpoint, with `Idempotency-Key` honoured: a retry gets the same endpoint and secret. */
  @Post()
  async create(
    @CurrentApiCaller() caller: ApiCaller,
    @Body() body: unknown,
    @Headers('idempotency-key') idempotencyHeader: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<unknown> {
    const key = idempotencyKeyOf(idempotencyHeader);
    const fields = parseV1(v1CreateWebhookEndpointRequestSchema, body);
    const answer = await this.idempotency.run(
      caller.organizationId,
      key,
      requestHash('POST /v1/webhook_endpoints', body),
      async (manager) => {
        const created = await inV1Words(null, () =>
          this.webhooks.create(caller.organizationId, caller.creatorId, fields, manager),
        );
        const endpoint: V1CreatedWebhookEndpoint = {
          ...toV1WebhookEndpoint(created),
          secret: created.signingSecret,
        };
        return { status: HttpStatus.CREATED, body: endpoint };
      },
    );
    return sendIdempotentAnswer(reply, answer);
  }

  @Get(':id')
  async get(@CurrentApiCaller() caller: ApiCaller, @Param('id') id: string): Promise<V1WebhookEndpoint> {
    const uuid = fromPublicId('webhook_endpoint', id);
    if (uuid === null) throw v1Errors.objectMissing(KIND, id);
    return toV1WebhookEndpoint(await inV1Words(id, () => this.webhooks.get(caller.organizationId, uuid)));
  }

  /** POST, as Stripe updates an object and as /v1 has no PATCH elsewhere (ADR 0205). */
  @Post(':id')
  @HttpCode(200)
  async update(
    @CurrentApiCaller() caller: ApiCaller,
    @Param('id') id: string,
    @Body() body: unknown,
  ): Promise<V1WebhookEndpoint> {
    const changes = parseV1(v1UpdateWebhookEndpointRequestSchema, body);
    const uuid = fromPublicId('webhook_endpoint', id);
    if (uuid === null) throw v1Errors.objectMissing(KIND, id);
    return toV1WebhookEndpoint(
      await inV1Words(id, () => this.webhooks.update(caller.organizationId, uuid, changes)),
    );
  }

  @Delete(':id')
  async remove(
    @CurrentApiCaller() caller: ApiCaller,
    @Param('id') id: string,
  ): Promise<V1DeletedWebhookEndpoint> {
    const uuid = fromPublicId('webhook_endpoint', id);
    if (uuid === null) throw v1Errors.objectMissing(KIND, id);
    await inV1Words(id, () => this.webhooks.remove(caller.organizationId, uuid));
    return { id, object: 'webhook_endpoint', deleted: true };
  }
}

import {
  Body,
  Controller,
  Get,
  Headers,
  HttpStatus,
  Inject,
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
  v1CreateTicketRequestSchema,
  v1ListQuerySchema,
  type V1Ticket,
  type V1TicketList,
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
import { SUPPORT_CONFIG, type SupportConfig } from '../config';
import { TicketsService } from '../tickets/tickets.service';
import { checkCallbackUrl } from './callback-url';
import { V1TicketsService } from './v1-tickets.service';
import { toV1Ticket, toV1TicketFromEntity } from './v1-views';

/**
 * `/v1/tickets` of the public API, reached through the gateway with the API token it minted from the
 * customer's key: the tickets of the key's organization, and new ones opened in it for the member who
 * created the key. Errors in the API's shape (`V1ExceptionFilter`).
 */
@Controller('v1/tickets')
@UseFilters(V1ExceptionFilter)
export class V1TicketsController {
  constructor(
    private readonly tickets: TicketsService,
    private readonly v1Tickets: V1TicketsService,
    private readonly idempotency: IdempotencyService,
    @Inject(SUPPORT_CONFIG) private readonly config: Pick<SupportConfig, 'allowPrivateCallbackUrls'>,
  ) {}

  /**
   * Opens a ticket (the API's `subject` is its title; without a `description`, the subject is its
   * first message too), assigned to the account's least busy agent, with `Idempotency-Key` honoured.
   * A `callback_url` reaching a private address is refused (400) before the key is looked at.
   */
  @Post()
  @ApiScopes('tickets:write')
  async create(
    @CurrentApiCaller() caller: ApiCaller,
    @Body() body: unknown,
    @Headers('idempotency-key') idempotencyHeader: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<unknown> {
    const key = idempotencyKeyOf(idempotencyHeader);
    const input = parseV1(v1CreateTicketRequestSchema, body);
    await checkCallbackUrl(input.callback_url, { allowPrivate: this.config.allowPrivateCallbackUrls });
    const answer = await this.idempotency.run(
      caller.organizationId,
      key,
      requestHash('POST /v1/tickets', body),
      async (manager) => {
        const ticket = await this.tickets.openIn(
          manager,
          { id: caller.creatorId, organizationId: caller.organizationId },
          {
            title: input.subject,
            description: input.description || input.subject,
            priority: input.priority,
            attachmentIds: [],
          },
          {
            apiKeyId: caller.keyId,
            customerReference: input.customer_id,
            callbackUrl: input.callback_url ?? null,
          },
        );
        return { status: HttpStatus.CREATED, body: toV1TicketFromEntity(ticket) };
      },
    );
    return sendIdempotentAnswer(reply, answer);
  }

  /** The organization's tickets, newest first, `limit` at a time, after `starting_after` (a `tkt_` id). */
  @Get()
  @ApiScopes('tickets:read')
  async list(@CurrentApiCaller() caller: ApiCaller, @Query() query: unknown): Promise<V1TicketList> {
    const { limit, starting_after: startingAfter } = parseV1(v1ListQuerySchema, query);
    let after: string | undefined;
    if (startingAfter !== undefined) {
      after = fromPublicId('ticket', startingAfter) ?? undefined;
      if (after === undefined) {
        throw v1Errors.invalidParameter(
          apiErrorCodes.parameterInvalid,
          v1Messages.cursorInvalid('ticket'),
          'starting_after',
        );
      }
    }
    const page = await this.v1Tickets.page(caller.organizationId, { limit, after });
    if (after !== undefined && page.rows.length === 0) {
      if (!(await this.v1Tickets.existsForOrganization(caller.organizationId, after))) {
        throw v1Errors.invalidParameter(
          apiErrorCodes.resourceMissing,
          v1Messages.cursorMissing(startingAfter!),
          'starting_after',
        );
      }
    }
    const data = page.rows.map(toV1Ticket);
    return {
      object: 'list',
      data,
      has_more: page.hasMore,
      next_cursor: page.hasMore ? data[data.length - 1].id : null,
    };
  }

  /** The organization's ticket by its `tkt_` id; another organization's answers as an unknown one: 404. */
  @Get(':id')
  @ApiScopes('tickets:read')
  async get(@CurrentApiCaller() caller: ApiCaller, @Param('id') id: string): Promise<V1Ticket> {
    const uuid = fromPublicId('ticket', id);
    const row = uuid === null ? null : await this.v1Tickets.find(caller.organizationId, uuid);
    if (!row) throw v1Errors.objectMissing('ticket', id);
    return toV1Ticket(row);
  }
}

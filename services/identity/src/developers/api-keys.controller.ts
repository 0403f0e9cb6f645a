import {
  Body,
  Controller,
  Delete,
  Get,
  Header,
  HttpCode,
  HttpStatus,
  NotFoundException,
  Param,
  ParseUUIDPipe,
  Post,
  Req,
} from '@nestjs/common';
import {
  type ApiKey,
  apiKeyMessages,
  type CreatedApiKey,
  createApiKeyRequestSchema,
  type RollApiKeyResponse,
  rollApiKeyRequestSchema,
} from '@portal/contracts';
import type { z } from 'zod';
import { type MemberRequest, SessionMemberCan } from '../auth/session-member.guard';
import { actingMember } from '../team/acting-member';
import { ApiKeysService } from './api-keys.service';

/** An id that is no uuid is a key that does not exist: 404, as for another organization's. */
const keyId = new ParseUUIDPipe({
  exceptionFactory: () => new NotFoundException(apiKeyMessages.keyNotFound),
});

/**
 * The Developers page's API keys (ADR 0200), for the roles that may `developers.manage`: every route
 * acts in the organization of the caller's token only.
 */
@Controller('api/developers/keys')
export class ApiKeysController {
  constructor(private readonly keys: ApiKeysService) {}

  @Get()
  @SessionMemberCan('developers.manage')
  @Header('cache-control', 'no-store')
  list(@Req() request: MemberRequest): Promise<ApiKey[]> {
    return this.keys.list(request.session.user.organizationId);
  }

  /** 201 with the key's text, shown this once. */
  @Post()
  @SessionMemberCan('developers.manage')
  @HttpCode(HttpStatus.CREATED)
  @Header('cache-control', 'no-store')
  create(
    @Req() request: MemberRequest,
    @Body({ schema: createApiKeyRequestSchema }) body: z.output<typeof createApiKeyRequestSchema>,
  ): Promise<CreatedApiKey> {
    return this.keys.create(actingMember(request), body);
  }

  @Post(':id/roll')
  @SessionMemberCan('developers.manage')
  @HttpCode(HttpStatus.CREATED)
  @Header('cache-control', 'no-store')
  roll(
    @Req() request: MemberRequest,
    @Param('id', keyId) id: string,
    @Body({ schema: rollApiKeyRequestSchema }) body: z.output<typeof rollApiKeyRequestSchema>,
  ): Promise<RollApiKeyResponse> {
    return this.keys.roll(actingMember(request), id, body.graceHours);
  }

  /** 200 with the revoked key; revoking it again answers the same. */
  @Delete(':id')
  @SessionMemberCan('developers.manage')
  @HttpCode(HttpStatus.OK)
  revoke(@Req() request: MemberRequest, @Param('id', keyId) id: string): Promise<ApiKey> {
    return this.keys.revoke(actingMember(request), id);
  }
}

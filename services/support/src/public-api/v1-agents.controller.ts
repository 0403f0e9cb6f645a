import { Controller, Get, Query, UseFilters } from '@nestjs/common';
import { type ApiCaller, ApiScopes, CurrentApiCaller } from '@portal/auth';
import { apiErrorCodes, fromPublicId, v1ListQuerySchema, type V1AgentList } from '@portal/contracts';
import { AgentsService } from '../agents/agents.service';
import { parseV1, v1Errors, V1ExceptionFilter, v1Messages } from '@portal/nest-http';
import { toV1Agent } from './v1-views';

/** `GET /v1/agents`: the active agents assigned to the key's organization, the latest assigned first. */
@Controller('v1/agents')
@UseFilters(V1ExceptionFilter)
export class V1AgentsController {
  constructor(private readonly agents: AgentsService) {}

  @Get()
  @ApiScopes('agents:read')
  async list(@CurrentApiCaller() caller: ApiCaller, @Query() query: unknown): Promise<V1AgentList> {
    const { limit, starting_after: startingAfter } = parseV1(v1ListQuerySchema, query);
    let after: string | undefined;
    if (startingAfter !== undefined) {
      after = fromPublicId('agent', startingAfter) ?? undefined;
      if (after === undefined) {
        throw v1Errors.invalidParameter(
          apiErrorCodes.parameterInvalid,
          v1Messages.cursorInvalid('agent'),
          'starting_after',
        );
      }
      if (!(await this.agents.servesOrganization(after, caller.organizationId))) {
        throw v1Errors.invalidParameter(
          apiErrorCodes.resourceMissing,
          v1Messages.cursorMissing(startingAfter),
          'starting_after',
        );
      }
    }
    const page = await this.agents.pageForOrganization(caller.organizationId, { limit, after });
    const data = page.agents.map(toV1Agent);
    return {
      object: 'list',
      data,
      has_more: page.hasMore,
      next_cursor: page.hasMore ? data[data.length - 1].id : null,
    };
  }
}

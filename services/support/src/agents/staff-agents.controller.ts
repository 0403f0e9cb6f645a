import {
  BadRequestException,
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  HttpStatus,
  NotFoundException,
  Param,
  ParseUUIDPipe,
  Patch,
  Post,
  Put,
  Query,
} from '@nestjs/common';
import { StaffOnly } from '@portal/auth';
import {
  agentMessages,
  createAgentRequestSchema,
  type StaffAgent,
  updateAgentRequestSchema,
} from '@portal/contracts';
import { z } from 'zod';
import { type AgentChanges, AgentsService, type NewAgent } from './agents.service';

const staffAgentListQuerySchema = z.strictObject({
  // `?organizationId=` left empty by a cleared filter means every agent.
  organizationId: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.uuid({ error: agentMessages.organizationInvalid }).optional(),
  ),
});

const agentId = () =>
  new ParseUUIDPipe({ exceptionFactory: () => new NotFoundException(agentMessages.agentNotFound) });
const organizationId = () =>
  new ParseUUIDPipe({ exceptionFactory: () => new BadRequestException(agentMessages.organizationInvalid) });

/**
 * The agents staff assign to customers' accounts (the staff console's Agents page): list (of one
 * account), add, change or deactivate, assign to and unassign from an organization.
 */
@Controller('api/support/staff/agents')
@StaffOnly()
export class StaffAgentsController {
  constructor(private readonly agents: AgentsService) {}

  /** Every agent, by name; `?organizationId=` keeps those serving that account. */
  @Get()
  list(
    @Query({ schema: staffAgentListQuerySchema }) query: z.output<typeof staffAgentListQuerySchema>,
  ): Promise<StaffAgent[]> {
    return this.agents.listForStaff(query.organizationId);
  }

  @Post()
  @HttpCode(HttpStatus.CREATED)
  create(@Body({ schema: createAgentRequestSchema }) body: NewAgent): Promise<StaffAgent> {
    return this.agents.create(body);
  }

  @Patch(':id')
  update(
    @Param('id', agentId()) id: string,
    @Body({ schema: updateAgentRequestSchema }) body: AgentChanges,
  ): Promise<StaffAgent> {
    return this.agents.update(id, body);
  }

  /** The agent serves the organization (its new tickets may go to them); saying it twice changes nothing. */
  @Put(':id/organizations/:organizationId')
  assign(
    @Param('id', agentId()) id: string,
    @Param('organizationId', organizationId()) organization: string,
  ): Promise<StaffAgent> {
    return this.agents.assign(id, organization);
  }

  @Delete(':id/organizations/:organizationId')
  unassign(
    @Param('id', agentId()) id: string,
    @Param('organizationId', organizationId()) organization: string,
  ): Promise<StaffAgent> {
    return this.agents.unassign(id, organization);
  }
}

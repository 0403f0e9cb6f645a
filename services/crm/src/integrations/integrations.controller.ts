import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  HttpStatus,
  Inject,
  NotFoundException,
  Param,
  ParseUUIDPipe,
  Post,
} from '@nestjs/common';
import { CurrentUser, MemberCan, type OrganizationMember } from '@portal/auth';
import {
  type CreateIntegrationResponse,
  createIntegrationRequestSchema,
  type Integration,
  integrationMessages,
  type IntegrationsSummary,
} from '@portal/contracts';
import { CRM_CONFIG, type CrmConfig } from '../config';
import { toIntegrationView } from './integration-view';
import { IntegrationsService, type NewIntegration } from './integrations.service';

const integrationNotFound = () => new NotFoundException(integrationMessages.integrationNotFound);

/**
 * The dashboard's Integrations tab: the CRMs and dialers of the organization the token acts in, for
 * the members who manage them (owner, admin, crm_manager: `integrations.manage`); their counts for
 * every member.
 */
@Controller('api/crm/integrations')
@MemberCan('integrations.manage')
export class IntegrationsController {
  constructor(
    private readonly integrations: IntegrationsService,
    @Inject(CRM_CONFIG) private readonly config: Pick<CrmConfig, 'publicSiteUrl'>,
  ) {}

  @Get()
  async list(@CurrentUser() member: OrganizationMember): Promise<Integration[]> {
    const integrations = await this.integrations.listForOrganization(member.organizationId);
    return integrations.map((each) => toIntegrationView(each, this.config.publicSiteUrl));
  }

  /** Every member sees whether the organization's services are set up (the overview's Service Status). */
  @Get('summary')
  @MemberCan('kpis.read')
  summary(@CurrentUser() member: OrganizationMember): Promise<IntegrationsSummary> {
    return this.integrations.summarizeForOrganization(member.organizationId);
  }

  /** 201 with the integration and its signing secret, which no later answer repeats. */
  @Post()
  @HttpCode(HttpStatus.CREATED)
  async create(
    @CurrentUser() member: OrganizationMember,
    @Body({ schema: createIntegrationRequestSchema }) body: NewIntegration,
  ): Promise<CreateIntegrationResponse> {
    const { integration, signingSecret } = await this.integrations.create(member, body);
    return { ...toIntegrationView(integration, this.config.publicSiteUrl), signingSecret };
  }

  /** Another organization's integration answers exactly as an unknown one does. */
  @Delete(':id')
  @HttpCode(HttpStatus.NO_CONTENT)
  async remove(
    @CurrentUser() member: OrganizationMember,
    @Param('id', new ParseUUIDPipe({ exceptionFactory: integrationNotFound })) id: string,
  ): Promise<void> {
    if (!(await this.integrations.removeForOrganization(member.organizationId, id)))
      throw integrationNotFound();
  }
}

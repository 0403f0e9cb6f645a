import {
  Body,
  Controller,
  Get,
  Header,
  Inject,
  NotFoundException,
  Param,
  ParseUUIDPipe,
  Patch,
  Query,
} from '@nestjs/common';
import { StaffOnly } from '@portal/auth';
import {
  type IntegrationHealthQuery,
  integrationHealthQuerySchema,
  type IntegrationHealthResponse,
  integrationMessages,
  type StaffIntegrationListQuery,
  staffIntegrationListQuerySchema,
  type StaffIntegrationListResponse,
  type StaffIntegration,
  type UpdateIntegrationStatusRequest,
  updateIntegrationStatusRequestSchema,
} from '@portal/contracts';
import { CRM_CONFIG, type CrmConfig } from '../config';
import { toStaffIntegrationView } from './integration-view';
import { IntegrationHealthService } from './integration-health.service';
import { IntegrationsService } from './integrations.service';

const integrationNotFound = () => new NotFoundException(integrationMessages.integrationNotFound);

/**
 * Staff (isAdmin) see every organization's integrations with their health (last event, last refused
 * delivery) and connect or disconnect one: a disconnected one shows 'Disconnected' on the dashboard
 * and its inbound URL refuses events.
 */
@Controller('api/crm/staff/integrations')
@StaffOnly()
export class StaffIntegrationsController {
  constructor(
    private readonly integrations: IntegrationsService,
    private readonly health: IntegrationHealthService,
    @Inject(CRM_CONFIG) private readonly config: Pick<CrmConfig, 'publicSiteUrl'>,
  ) {}

  /** The organization's integrations with their health, by name. */
  @Get()
  @Header('cache-control', 'no-store')
  async list(
    @Query({ schema: staffIntegrationListQuerySchema }) query: StaffIntegrationListQuery,
  ): Promise<StaffIntegrationListResponse> {
    return {
      integrations: await this.health.listForOrganization(query.organizationId, this.config.publicSiteUrl),
    };
  }

  /** The health of each organization asked for (the customers list). */
  @Get('health')
  @Header('cache-control', 'no-store')
  async summarize(
    @Query({ schema: integrationHealthQuerySchema }) query: IntegrationHealthQuery,
  ): Promise<IntegrationHealthResponse> {
    return { organizations: await this.health.summarize(query.organizationId) };
  }

  @Patch(':id')
  async setActive(
    @Param('id', new ParseUUIDPipe({ exceptionFactory: integrationNotFound })) id: string,
    @Body({ schema: updateIntegrationStatusRequestSchema }) body: UpdateIntegrationStatusRequest,
  ): Promise<StaffIntegration> {
    const integration = await this.integrations.setActive(id, body.isActive);
    if (!integration) throw integrationNotFound();
    return toStaffIntegrationView(integration, this.config.publicSiteUrl);
  }
}

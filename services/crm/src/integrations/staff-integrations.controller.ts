import { Body, Controller, Inject, NotFoundException, Param, ParseUUIDPipe, Patch } from '@nestjs/common';
import { StaffOnly } from '@portal/auth';
import {
  integrationMessages,
  type StaffIntegration,
  type UpdateIntegrationStatusRequest,
  updateIntegrationStatusRequestSchema,
} from '@portal/contracts';
import { CRM_CONFIG, type CrmConfig } from '../config';
import { toStaffIntegrationView } from './integration-view';
import { IntegrationsService } from './integrations.service';

const integrationNotFound = () => new NotFoundException(integrationMessages.integrationNotFound);

/**
 * Staff (isAdmin) connect or disconnect a customer's integration: a disconnected one
 * shows 'Disconnected' on the dashboard and its inbound URL refuses events.
 */
@Controller('api/crm/staff/integrations')
@StaffOnly()
export class StaffIntegrationsController {
  constructor(
    private readonly integrations: IntegrationsService,
    @Inject(CRM_CONFIG) private readonly config: Pick<CrmConfig, 'publicSiteUrl'>,
  ) {}

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

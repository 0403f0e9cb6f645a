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
import { type AuthenticatedUser, CurrentUser, CustomerOnly } from '@portal/auth';
import {
  type CreateIntegrationResponse,
  createIntegrationRequestSchema,
  type Integration,
  integrationMessages,
} from '@portal/contracts';
import { CRM_CONFIG, type CrmConfig } from '../config';
import { toIntegrationView } from './integration-view';
import { IntegrationsService, type NewIntegration } from './integrations.service';

const integrationNotFound = () => new NotFoundException(integrationMessages.integrationNotFound);

/** The dashboard's Integrations tab: the signed-in customer's own CRMs and dialers. */
@Controller('api/crm/integrations')
@CustomerOnly()
export class IntegrationsController {
  constructor(
    private readonly integrations: IntegrationsService,
    @Inject(CRM_CONFIG) private readonly config: Pick<CrmConfig, 'publicSiteUrl'>,
  ) {}

  @Get()
  async list(@CurrentUser() user: AuthenticatedUser): Promise<Integration[]> {
    const integrations = await this.integrations.listForCustomer(user.id);
    return integrations.map((each) => toIntegrationView(each, this.config.publicSiteUrl));
  }

  /** 201 with the integration and its signing secret, which no later answer repeats. */
  @Post()
  @HttpCode(HttpStatus.CREATED)
  async create(
    @CurrentUser() user: AuthenticatedUser,
    @Body({ schema: createIntegrationRequestSchema }) body: NewIntegration,
  ): Promise<CreateIntegrationResponse> {
    const { integration, signingSecret } = await this.integrations.create(user, body);
    return { ...toIntegrationView(integration, this.config.publicSiteUrl), signingSecret };
  }

  /** Another customer's integration answers exactly as an unknown one does. */
  @Delete(':id')
  @HttpCode(HttpStatus.NO_CONTENT)
  async remove(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id', new ParseUUIDPipe({ exceptionFactory: integrationNotFound })) id: string,
  ): Promise<void> {
    if (!(await this.integrations.removeForCustomer(user.id, id))) throw integrationNotFound();
  }
}

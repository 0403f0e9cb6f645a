import {
  Body,
  Controller,
  Delete,
  Get,
  Header,
  HttpCode,
  HttpStatus,
  Param,
  ParseUUIDPipe,
  Patch,
  Post,
  Query,
} from '@nestjs/common';
import { CurrentUser, MemberCan, type OrganizationMember } from '@portal/auth';
import {
  type CreatedWebhookEndpoint,
  createWebhookEndpointRequestSchema,
  updateWebhookEndpointRequestSchema,
  type WebhookDelivery,
  type WebhookDeliveryPage,
  type WebhookEndpoint,
  type WebhookEventType,
} from '@portal/contracts';
import { deliveryNotFound, endpointNotFound, WebhooksService } from './webhooks.service';

const endpointId = new ParseUUIDPipe({ exceptionFactory: endpointNotFound });
const deliveryId = new ParseUUIDPipe({ exceptionFactory: deliveryNotFound });

/**
 * The Developers page's webhooks, for the members who manage developers' access (owner, admin,
 * crm_manager: `developers.manage`), always in the organization the token acts in: another
 * organization's endpoint or delivery answers 404 as an unknown one does.
 */
@Controller('api/developers/webhooks')
@MemberCan('developers.manage')
export class WebhooksController {
  constructor(private readonly webhooks: WebhooksService) {}

  @Get()
  @Header('cache-control', 'no-store')
  list(@CurrentUser() member: OrganizationMember): Promise<WebhookEndpoint[]> {
    return this.webhooks.list(member.organizationId);
  }

  /** 201 with the endpoint and its signing secret, which no later answer repeats. */
  @Post()
  @HttpCode(HttpStatus.CREATED)
  @Header('cache-control', 'no-store')
  create(
    @CurrentUser() member: OrganizationMember,
    @Body({ schema: createWebhookEndpointRequestSchema })
    body: { url: string; events: WebhookEventType[]; description?: string },
  ): Promise<CreatedWebhookEndpoint> {
    return this.webhooks.create(member.organizationId, member.id, body);
  }

  @Patch(':id')
  update(
    @CurrentUser() member: OrganizationMember,
    @Param('id', endpointId) id: string,
    @Body({ schema: updateWebhookEndpointRequestSchema })
    body: { url?: string; events?: WebhookEventType[]; description?: string; enabled?: boolean },
  ): Promise<WebhookEndpoint> {
    return this.webhooks.update(member.organizationId, id, body);
  }

  @Delete(':id')
  @HttpCode(HttpStatus.NO_CONTENT)
  remove(@CurrentUser() member: OrganizationMember, @Param('id', endpointId) id: string): Promise<void> {
    return this.webhooks.remove(member.organizationId, id);
  }

  /** 'Send test event': 202 with the delivery, whose attempt starts at once. */
  @Post(':id/test')
  @HttpCode(HttpStatus.ACCEPTED)
  sendTest(
    @CurrentUser() member: OrganizationMember,
    @Param('id', endpointId) id: string,
  ): Promise<WebhookDelivery> {
    return this.webhooks.sendTest(member.organizationId, id);
  }

  @Get(':id/deliveries')
  @Header('cache-control', 'no-store')
  deliveries(
    @CurrentUser() member: OrganizationMember,
    @Param('id', endpointId) id: string,
    @Query('before') before?: unknown,
  ): Promise<WebhookDeliveryPage> {
    return this.webhooks.deliveries(member.organizationId, id, before);
  }

  /** 'Resend': 202 with the delivery, whose new attempt starts at once. */
  @Post(':id/deliveries/:deliveryId/resend')
  @HttpCode(HttpStatus.ACCEPTED)
  resend(
    @CurrentUser() member: OrganizationMember,
    @Param('id', endpointId) id: string,
    @Param('deliveryId', deliveryId) delivery: string,
  ): Promise<WebhookDelivery> {
    return this.webhooks.resend(member.organizationId, id, delivery);
  }
}

import {
  Controller,
  Get,
  Header,
  HttpCode,
  HttpStatus,
  Param,
  ParseUUIDPipe,
  Post,
  Query,
} from '@nestjs/common';
import { CurrentUser, MemberCan, type OrganizationMember } from '@portal/auth';
import {
  type CallbackSigningSecret,
  type WebhookDelivery,
  type WebhookDeliveryPage,
} from '@portal/contracts';
import { CallbackSecrets } from './callback-secrets';
import { deliveryNotFound, WebhooksService } from './webhooks.service';

const deliveryId = new ParseUUIDPipe({ exceptionFactory: deliveryNotFound });

/**
 * The Developers page's tickets' callbacks (ADR 0206), for the members who manage developers' access:
 * the organization's callback signing secret (revealed, made on first need; rolled) and the callbacks'
 * delivery log with 'Resend', always in the organization the token acts in.
 */
@Controller('api/developers/callbacks')
@MemberCan('developers.manage')
export class CallbacksController {
  constructor(
    private readonly webhooks: WebhooksService,
    private readonly secrets: CallbackSecrets,
  ) {}

  @Get('secret')
  @Header('cache-control', 'no-store')
  secret(@CurrentUser() member: OrganizationMember): Promise<CallbackSigningSecret> {
    return this.secrets.reveal(member.organizationId);
  }

  /** A new secret at once: the old one signs nothing more. */
  @Post('secret/roll')
  @HttpCode(HttpStatus.OK)
  @Header('cache-control', 'no-store')
  roll(@CurrentUser() member: OrganizationMember): Promise<CallbackSigningSecret> {
    return this.secrets.roll(member.organizationId);
  }

  @Get('deliveries')
  @Header('cache-control', 'no-store')
  deliveries(
    @CurrentUser() member: OrganizationMember,
    @Query('before') before?: unknown,
  ): Promise<WebhookDeliveryPage> {
    return this.webhooks.deliveries(member.organizationId, null, before);
  }

  /** 'Resend': 202 with the delivery, whose new attempt starts at once. */
  @Post('deliveries/:deliveryId/resend')
  @HttpCode(HttpStatus.ACCEPTED)
  resend(
    @CurrentUser() member: OrganizationMember,
    @Param('deliveryId', deliveryId) delivery: string,
  ): Promise<WebhookDelivery> {
    return this.webhooks.resend(member.organizationId, null, delivery);
  }
}

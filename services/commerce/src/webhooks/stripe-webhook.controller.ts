import { BadRequestException, Body, Controller, Headers, HttpCode, Post } from '@nestjs/common';
import { StripeWebhookService } from './stripe-webhook.service';

export const STRIPE_WEBHOOK_PATH = '/api/stripe/webhook';

/** Stripe's calls about payments; the signature, not a token, proves they come from Stripe. */
@Controller(STRIPE_WEBHOOK_PATH)
export class StripeWebhookController {
  constructor(private readonly webhooks: StripeWebhookService) {}

  /** 200 once the event is handled, recorded as a repeat, or deliberately ignored: Stripe stops retrying. */
  @Post()
  @HttpCode(200)
  async receive(
    @Body() body: unknown,
    @Headers('stripe-signature') signature: string | undefined,
  ): Promise<{ received: true }> {
    if (!Buffer.isBuffer(body)) throw new BadRequestException('The webhook body must be a JSON Stripe event');
    await this.webhooks.handle(body, signature);
    return { received: true };
  }
}

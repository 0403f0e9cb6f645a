import { BadRequestException, Body, Controller, Headers, Post, Res } from '@nestjs/common';
import { CurrentUser, MemberCan, type OrganizationMember } from '@portal/auth';
import {
  type CreatePaymentIntentRequest,
  createPaymentIntentRequestSchema,
  IDEMPOTENCY_KEY_HEADER,
  idempotencyKeySchema,
} from '@portal/contracts';
import type { FastifyReply } from 'fastify';
import { PaymentIntentsService } from './payment-intents.service';

/**
 * Checkout asks for the cart's client secret: a member who may pay for their organization (owner,
 * admin, billing: `checkout.pay`); the order is the organization's, placed by the member.
 */
@Controller('api/create-payment-intent')
export class PaymentIntentsController {
  constructor(private readonly paymentIntents: PaymentIntentsService) {}

  /**
   * 201 with a new order; 200 when the Idempotency-Key repeats an earlier request for the same cart;
   * 409 (`orderClosedResponseSchema`) when that order takes no new payment: processing, completed or
   * canceled.
   */
  @Post()
  @MemberCan('checkout.pay')
  async create(
    @CurrentUser() user: OrganizationMember,
    @Body({ schema: createPaymentIntentRequestSchema }) body: CreatePaymentIntentRequest,
    @Headers(IDEMPOTENCY_KEY_HEADER) idempotencyKey: string | undefined,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const key = idempotencyKey === undefined ? undefined : idempotencyKeySchema.safeParse(idempotencyKey);
    if (key && !key.success) throw new BadRequestException(key.error.issues[0].message);
    const result = await this.paymentIntents.create(user, body.items, key?.data);
    if (result.closed) await reply.status(409).send(result.closed);
    else await reply.status(result.created ? 201 : 200).send(result.response);
  }
}

import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  NotFoundException,
  Param,
  ParseUUIDPipe,
  Post,
  Put,
} from '@nestjs/common';
import { CurrentUser, MemberCan, type OrganizationMember } from '@portal/auth';
import {
  type RefundRequestCreate,
  refundRequestCreateSchema,
  type ScheduleChangeRequest,
  scheduleChangeRequestSchema,
  type Subscription,
  type SubscriptionList,
  subscriptionMessages,
} from '@portal/contracts';
import { SubscriptionsService } from './subscriptions.service';

const subscriptionId = () =>
  new ParseUUIDPipe({ exceptionFactory: () => new NotFoundException(subscriptionMessages.notFound) });

/**
 * The subscriptions of the organization the token acts in (the dashboard's Subscriptions tab): read by
 * those who read its orders, changed by those who may buy (`checkout.pay`). Another organization's
 * subscription answers 404 exactly as an unknown one.
 */
@Controller('api/user/subscriptions')
export class SubscriptionsController {
  constructor(private readonly subscriptions: SubscriptionsService) {}

  @Get()
  @MemberCan('orders.read')
  async list(@CurrentUser() member: OrganizationMember): Promise<SubscriptionList> {
    return { subscriptions: await this.subscriptions.list(member.organizationId) };
  }

  /** Schedules a quantity or package for the next billing cycle. */
  @Put(':id/pending-change')
  @MemberCan('checkout.pay')
  scheduleChange(
    @CurrentUser() member: OrganizationMember,
    @Param('id', subscriptionId()) id: string,
    @Body({ schema: scheduleChangeRequestSchema }) body: ScheduleChangeRequest,
  ): Promise<Subscription> {
    return this.subscriptions.scheduleChange(member.organizationId, id, body);
  }

  @Delete(':id/pending-change')
  @MemberCan('checkout.pay')
  undoChange(
    @CurrentUser() member: OrganizationMember,
    @Param('id', subscriptionId()) id: string,
  ): Promise<Subscription> {
    return this.subscriptions.undoChange(member.organizationId, id);
  }

  /** Gives the 30 days' notice; the answer's `endsAt` says when the subscription ends. */
  @Post(':id/cancellation')
  @MemberCan('checkout.pay')
  @HttpCode(200)
  cancel(
    @CurrentUser() member: OrganizationMember,
    @Param('id', subscriptionId()) id: string,
  ): Promise<Subscription> {
    return this.subscriptions.cancel(member.organizationId, id);
  }

  /** Asks for the 30-day money-back refund; staff approve or decline it. */
  @Post(':id/refund-request')
  @MemberCan('checkout.pay')
  @HttpCode(201)
  requestRefund(
    @CurrentUser() member: OrganizationMember,
    @Param('id', subscriptionId()) id: string,
    @Body({ schema: refundRequestCreateSchema }) body: RefundRequestCreate,
  ): Promise<Subscription> {
    return this.subscriptions.requestRefund(member.organizationId, member.id, id, body.reason);
  }
}

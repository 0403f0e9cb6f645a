import {
  Body,
  Controller,
  Get,
  HttpCode,
  NotFoundException,
  Param,
  ParseUUIDPipe,
  Post,
  Query,
} from '@nestjs/common';
import { type AuthenticatedUser, CurrentUser, Roles, StaffOnly } from '@portal/auth';
import {
  type RefundRequestDecline,
  refundRequestDeclineSchema,
  refundingStaffRoles,
  type StaffRefundRequest,
  type StaffRefundRequestList,
  type StaffRefundRequestQuery,
  staffRefundRequestQuerySchema,
} from '@portal/contracts';
import { RefundRequestsService } from './refund-requests.service';

const requestId = () =>
  new ParseUUIDPipe({ exceptionFactory: () => new NotFoundException('Refund request not found') });

/**
 * Staff: customers' money-back requests. Every staff role reads them; approving (a Stripe refund) and
 * declining are for the roles that move money (`refundingStaffRoles`). 409 once someone decided,
 * 502 with Stripe's message when Stripe refuses the refund (the request stays to decide).
 */
@Controller('api/commerce/staff/refund-requests')
@StaffOnly()
export class StaffRefundRequestsController {
  constructor(private readonly requests: RefundRequestsService) {}

  @Get()
  async list(
    @Query({ schema: staffRefundRequestQuerySchema }) { status }: StaffRefundRequestQuery,
  ): Promise<StaffRefundRequestList> {
    return { requests: await this.requests.list(status) };
  }

  @Post(':id/approve')
  @Roles(...refundingStaffRoles)
  @HttpCode(200)
  approve(
    @CurrentUser() staff: AuthenticatedUser,
    @Param('id', requestId()) id: string,
  ): Promise<StaffRefundRequest> {
    return this.requests.approve(staff.id, id);
  }

  @Post(':id/decline')
  @Roles(...refundingStaffRoles)
  @HttpCode(200)
  decline(
    @CurrentUser() staff: AuthenticatedUser,
    @Param('id', requestId()) id: string,
    @Body({ schema: refundRequestDeclineSchema }) body: RefundRequestDecline,
  ): Promise<StaffRefundRequest> {
    return this.requests.decline(staff.id, id, body.reason);
  }
}

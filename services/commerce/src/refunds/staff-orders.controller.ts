import {
  BadRequestException,
  Body,
  Controller,
  Get,
  Headers,
  HttpCode,
  NotFoundException,
  Param,
  ParseUUIDPipe,
  Post,
  Query,
  Res,
} from '@nestjs/common';
import { type AuthenticatedUser, CurrentUser, Roles, StaffOnly } from '@portal/auth';
import {
  commerceMessages,
  type CreateRefundRequest,
  createRefundRequestSchema,
  type CreateRefundResponse,
  IDEMPOTENCY_KEY_HEADER,
  idempotencyKeySchema,
  type InvoiceQuery,
  invoiceQuerySchema,
  orderDetailMessages,
  refundingStaffRoles,
  type StaffOrderDetail,
  type StaffOrderListQuery,
  staffOrderListQuerySchema,
  type StaffOrderListResponse,
} from '@portal/contracts';
import { decodeKeysetCursor, encodeKeysetCursor } from '@portal/db';
import type { FastifyReply } from 'fastify';
import { InvoicesService } from '../invoices/invoices.service';
import { OrderDetailsService } from '../orders/order-details.service';
import { toRefundView, toStaffOrderDetailView, toStaffOrderView } from '../orders/order-view';
import { sendPdf } from '../orders/orders.controller';
import { RefundsService } from './refunds.service';

const orderNotFound = () => new NotFoundException(commerceMessages.orderNotFound);
const orderId = () => new ParseUUIDPipe({ exceptionFactory: orderNotFound });

/** Staff (isAdmin): every organization's orders, their invoices, and refunds through Stripe. */
@Controller('api/commerce/staff/orders')
@StaffOnly()
export class StaffOrdersController {
  constructor(
    private readonly details: OrderDetailsService,
    private readonly invoices: InvoicesService,
    private readonly refunds: RefundsService,
  ) {}

  /** A page of every organization's orders (or one organization's, or one status), newest first. */
  @Get()
  async list(
    @Query({ schema: staffOrderListQuerySchema }) { cursor, ...filter }: StaffOrderListQuery,
  ): Promise<StaffOrderListResponse> {
    const after = cursor === undefined ? undefined : decodeKeysetCursor(cursor);
    if (after === null) throw new BadRequestException(orderDetailMessages.cursorInvalid);
    const page = await this.details.pageForStaff({ ...filter, after });
    return {
      orders: page.orders.map(toStaffOrderView),
      nextCursor: page.next && encodeKeysetCursor(page.next),
    };
  }

  @Get(':id')
  async get(@Param('id', orderId()) id: string): Promise<StaffOrderDetail> {
    const record = await this.details.detailForStaff(id);
    if (!record) throw orderNotFound();
    return toStaffOrderDetailView(record);
  }

  @Get(':id/invoice')
  async invoice(
    @Param('id', orderId()) id: string,
    @Query({ schema: invoiceQuerySchema }) { paper }: InvoiceQuery,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const record = await this.details.detailForStaff(id);
    if (!record) throw orderNotFound();
    const invoice = await this.invoices.render(record, paper);
    if (!invoice) throw new NotFoundException(orderDetailMessages.invoiceNotAvailable);
    await sendPdf(reply, invoice);
  }

  /**
   * Refunds all (no amount) or part of a paid order through Stripe, for the staff roles that move
   * money (`refundingStaffRoles`; 403 for a CRM manager). 400 above what is left to refund,
   * 409 for an order not paid or already refunded in full, 502 when Stripe refuses.
   */
  @Post(':id/refunds')
  @Roles(...refundingStaffRoles)
  @HttpCode(201)
  async refund(
    @CurrentUser() staff: AuthenticatedUser,
    @Param('id', orderId()) id: string,
    @Body({ schema: createRefundRequestSchema }) body: CreateRefundRequest,
    @Headers(IDEMPOTENCY_KEY_HEADER) rawKey: string | undefined,
  ): Promise<CreateRefundResponse> {
    let idempotencyKey: string | undefined;
    if (rawKey !== undefined) {
      const parsed = idempotencyKeySchema.safeParse(rawKey);
      if (!parsed.success) throw new BadRequestException(commerceMessages.idempotencyKeyInvalid);
      idempotencyKey = parsed.data;
    }
    const refund = await this.refunds.refund(staff.id, id, body, idempotencyKey);
    const record = await this.details.detailForStaff(id);
    if (!record) throw orderNotFound();
    return { refund: toRefundView(refund), order: toStaffOrderDetailView(record) };
  }
}

import {
  BadRequestException,
  Controller,
  Get,
  NotFoundException,
  Param,
  ParseUUIDPipe,
  Query,
  Res,
} from '@nestjs/common';
import { CurrentUser, MemberCan, type OrganizationMember } from '@portal/auth';
import {
  commerceMessages,
  invoiceFileName,
  type InvoiceQuery,
  invoiceQuerySchema,
  type Order,
  type OrderDetail,
  orderDetailMessages,
  type OrderPage,
  type OrderPageQuery,
  orderPageQuerySchema,
} from '@portal/contracts';
import { decodeKeysetCursor, encodeKeysetCursor } from '@portal/db';
import type { FastifyReply } from 'fastify';
import { InvoicesService } from '../invoices/invoices.service';
import { OrderDetailsService } from './order-details.service';
import { toOrderDetailView, toOrderView } from './order-view';
import { OrdersService } from './orders.service';

const orderNotFound = () => new NotFoundException(commerceMessages.orderNotFound);
const orderId = () => new ParseUUIDPipe({ exceptionFactory: orderNotFound });

/**
 * The orders of the organization the token acts in, whoever of its members placed them: the
 * dashboard's Orders tab and the checkout confirmation. Owners, admins and billing (`orders.read`).
 * Another organization's order answers exactly as an unknown one does.
 */
@Controller('api/user/orders')
@MemberCan('orders.read')
export class OrdersController {
  constructor(
    private readonly orders: OrdersService,
    private readonly details: OrderDetailsService,
    private readonly invoices: InvoicesService,
  ) {}

  /** The spec's whole list (the Overview's totals read it). */
  @Get()
  async list(@CurrentUser() member: OrganizationMember): Promise<Order[]> {
    return (await this.orders.listForOrganization(member.organizationId)).map(toOrderView);
  }

  /** A page of the list, newest first; `nextCursor` asks for the page after it. */
  @Get('page')
  async page(
    @CurrentUser() member: OrganizationMember,
    @Query({ schema: orderPageQuerySchema }) { cursor, limit }: OrderPageQuery,
  ): Promise<OrderPage> {
    const after = cursor === undefined ? undefined : decodeKeysetCursor(cursor);
    if (after === null) throw new BadRequestException(orderDetailMessages.cursorInvalid);
    const page = await this.details.pageForOrganization(member.organizationId, limit, after);
    return {
      orders: page.orders.map(({ order }) => toOrderView(order)),
      nextCursor: page.next && encodeKeysetCursor(page.next),
    };
  }

  /** The order with its totals, payment status and history, and its invoice once paid. */
  @Get(':id')
  async get(
    @CurrentUser() member: OrganizationMember,
    @Param('id', orderId()) id: string,
  ): Promise<OrderDetail> {
    const record = await this.details.detailForOrganization(member.organizationId, id);
    if (!record) throw orderNotFound();
    return toOrderDetailView(record);
  }

  /** The paid order's invoice, as a PDF download; 404 while it has none. */
  @Get(':id/invoice')
  async invoice(
    @CurrentUser() member: OrganizationMember,
    @Param('id', orderId()) id: string,
    @Query({ schema: invoiceQuerySchema }) { paper }: InvoiceQuery,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const record = await this.details.detailForOrganization(member.organizationId, id);
    if (!record) throw orderNotFound();
    const invoice = await this.invoices.render(record, paper);
    if (!invoice) throw new NotFoundException(orderDetailMessages.invoiceNotAvailable);
    await sendPdf(reply, invoice);
  }
}

/** The invoice as a download, never shown inline nor sniffed, never cached by a shared cache. */
export async function sendPdf(reply: FastifyReply, invoice: { number: string; pdf: Buffer }): Promise<void> {
  await reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${invoiceFileName(invoice.number)}"`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(invoice.pdf);
}

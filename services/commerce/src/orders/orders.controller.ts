import { Controller, Get, NotFoundException, Param, ParseUUIDPipe } from '@nestjs/common';
import { CurrentUser, MemberCan, type OrganizationMember } from '@portal/auth';
import { commerceMessages, type Order } from '@portal/contracts';
import { toOrderView } from './order-view';
import { OrdersService } from './orders.service';

const orderNotFound = () => new NotFoundException(commerceMessages.orderNotFound);

/**
 * The orders of the organization the token acts in, whoever of its members placed them: the
 * dashboard's Orders tab and the checkout confirmation. Owners, admins and billing (`orders.read`).
 */
@Controller('api/user/orders')
@MemberCan('orders.read')
export class OrdersController {
  constructor(private readonly orders: OrdersService) {}

  @Get()
  async list(@CurrentUser() member: OrganizationMember): Promise<Order[]> {
    return (await this.orders.listForOrganization(member.organizationId)).map(toOrderView);
  }

  /** Another organization's order answers exactly as an unknown one does. */
  @Get(':id')
  async get(
    @CurrentUser() member: OrganizationMember,
    @Param('id', new ParseUUIDPipe({ exceptionFactory: orderNotFound })) id: string,
  ): Promise<Order> {
    const order = await this.orders.findForOrganization(member.organizationId, id);
    if (!order) throw orderNotFound();
    return toOrderView(order);
  }
}

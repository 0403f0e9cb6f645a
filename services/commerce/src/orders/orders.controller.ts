import { Controller, Get, NotFoundException, Param, ParseUUIDPipe, UseGuards } from '@nestjs/common';
import { type AuthenticatedUser, CurrentUser, JwtAuthGuard } from '@portal/auth';
import { commerceMessages, type Order } from '@portal/contracts';
import { toOrderView } from './order-view';
import { OrdersService } from './orders.service';

const orderNotFound = () => new NotFoundException(commerceMessages.orderNotFound);

/** The signed-in user's own orders: the dashboard's Orders tab and the checkout confirmation. */
@Controller('api/user/orders')
@UseGuards(JwtAuthGuard)
export class OrdersController {
  constructor(private readonly orders: OrdersService) {}

  @Get()
  async list(@CurrentUser() user: AuthenticatedUser): Promise<Order[]> {
    return (await this.orders.listForUser(user.id)).map(toOrderView);
  }

  /** Another user's order answers exactly as an unknown one does. */
  @Get(':id')
  async get(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id', new ParseUUIDPipe({ exceptionFactory: orderNotFound })) id: string,
  ): Promise<Order> {
    const order = await this.orders.findForUser(user.id, id);
    if (!order) throw orderNotFound();
    return toOrderView(order);
  }
}

import { Controller, Get, UseGuards } from '@nestjs/common';
import { type AuthenticatedUser, CurrentUser, JwtAuthGuard } from '@portal/auth';
import { accountExportPart, accountExportPath, type AccountExportPart } from '@portal/contracts';
import { toOrderView } from '../orders/order-view';
import { OrdersService } from '../orders/orders.service';

/**
 * commerce's part of the settings page's "Export my data": the orders the signed-in account placed,
 * in any of its organizations, with their items as the Orders tab shows them (newest first). The
 * Orders tab itself shows the organization's orders, whoever placed them (ADR 0184).
 */
@Controller(accountExportPath('commerce').slice(1))
@UseGuards(JwtAuthGuard)
export class AccountExportController {
  constructor(private readonly orders: OrdersService) {}

  @Get()
  async export(@CurrentUser() user: AuthenticatedUser): Promise<AccountExportPart> {
    const orders = (await this.orders.listForUser(user.id)).map(toOrderView);
    return accountExportPart('commerce', { orders });
  }
}

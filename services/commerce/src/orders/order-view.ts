import type { Order } from '@portal/contracts';
import type { OrderEntity } from './order.entity';

/** An order with its items as the API answers it (`orderSchema`). */
export function toOrderView(order: OrderEntity): Order {
  return {
    id: order.id,
    status: order.status,
    total: order.total,
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
    items: [...order.items]
      .sort((a, b) => a.packageName.localeCompare(b.packageName))
      .map((item) => ({
        id: item.id,
        packageId: item.packageId,
        name: item.packageName,
        quantity: item.quantity,
        price: item.price,
      })),
  };
}

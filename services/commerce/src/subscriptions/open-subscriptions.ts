import type { EntityManager } from 'typeorm';

/**
 * Opens a subscription for each package of the paid order, billed monthly from its payment (`paid_at`),
 * with the caller's transaction: called where an order becomes paid (`OrdersService`), once the order's
 * items exist. Orders of no organization (deleted accounts' of old) open none; a second call adds nothing.
 */
export async function openSubscriptions(
  manager: Pick<EntityManager, 'query'>,
  orderId: string,
): Promise<void> {
  await manager.query(
    `INSERT INTO subscriptions (organization_id, order_id, order_item_id, package_id, package_name,
       unit_price, quantity, started_at, current_period_start, current_period_end)
     SELECT o.organization_id, o.id, i.id, i.package_id, i.package_name, i.price, i.quantity,
       o.paid_at, o.paid_at, ((o.paid_at AT TIME ZONE 'UTC') + interval '1 month') AT TIME ZONE 'UTC'
     FROM orders o JOIN order_items i ON i.order_id = o.id
     WHERE o.id = $1 AND o.status = 'completed' AND o.organization_id IS NOT NULL AND o.paid_at IS NOT NULL
     ON CONFLICT (order_item_id) DO NOTHING`,
    [orderId],
  );
}

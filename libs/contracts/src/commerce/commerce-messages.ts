// Zod-free, so a section can read a message or a limit without bringing the schemas into its chunk.

/** Spec: order item quantity is a whole number; the cart starts every item at 1. */
export const MIN_ITEM_QUANTITY = 1;
export const MAX_ITEM_QUANTITY = 100;
/** More distinct lines than the catalog could ever offer is a malformed cart. */
export const MAX_CART_LINES = 50;

export const commerceMessages = {
  emptyCart: 'Your cart is empty',
  tooManyLines: `A cart can hold at most ${MAX_CART_LINES} different packages`,
  packageIdInvalid: 'Each item needs a valid packageId',
  quantityInvalid: `Quantity must be a whole number from ${MIN_ITEM_QUANTITY} to ${MAX_ITEM_QUANTITY}`,
  duplicatePackage: 'Each package can appear only once in the cart',
  /** Followed by the id: the package is not in the catalog, or no longer sold. */
  unknownPackage: 'This package is not available',
  idempotencyKeyInvalid: 'Idempotency-Key must be 8 to 255 characters: letters, digits, "-", "_", ":" or "."',
  idempotencyKeyReused: 'This Idempotency-Key was already used for a different cart',
  paymentsNotConfigured: 'Payments are not configured yet. Please contact our sales team to place an order.',
  orderTooLarge: 'This order is too large for a card payment. Please contact our sales team.',
  paymentProviderFailed: 'Unable to initialize payment. Please try again.',
  orderNotFound: 'Order not found',
} as const;

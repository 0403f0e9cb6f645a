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
  /** 409 of create-payment-intent: the cart's order was paid; the page shows its confirmation. */
  orderAlreadyPaid: 'This order has already been paid.',
  /** 409: a payment for the order is processing; the page says so instead of taking a second one. */
  paymentProcessing:
    'A payment for this order is processing. It will show as completed once your bank confirms it.',
  /** 409: the order was canceled (not paid in time); the page starts a new order for the cart. */
  orderCanceled: 'This order was canceled because it was not paid in time. Please check out again.',
} as const;

/** The confirmation's address: reloading it, or coming back from a bank's page, shows the same. */
export const confirmationPath = (orderId: string) => `/checkout?order=${encodeURIComponent(orderId)}`;

/** What the page a bank's authentication returns to hands on in history state (`useLocation().state`). */
export interface CheckoutState {
  /** Stripe's reason the payment did not go through: said above the card form. */
  paymentError?: string;
  /** Stripe says the payment is processing: the confirmation says so before the order does. */
  paymentProcessing?: boolean;
  /**
   * Stripe just took this payment: an order still failed from an earlier card's decline is waited for
   * (the succeeded event is on its way), not shown as failed.
   */
  paymentTaken?: boolean;
}

export const checkoutStateOf = (state: unknown): CheckoutState =>
  typeof state === 'object' && state !== null ? (state as CheckoutState) : {};

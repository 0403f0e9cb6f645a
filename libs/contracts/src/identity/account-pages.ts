// No zod here: the checkout section lists these among its routes (mfe-checkout/src/routes.ts).

/** The checkout section's pages the mails link to (`?token=`); `invitation` is a team invitation's. */
export const accountPages = {
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  verifyEmail: '/verify-email',
  confirmEmail: '/confirm-email',
  invitation: '/invitation',
} as const;

/**
 * The pages a ticket mail links to: the customer's ticket page in the dashboard, and the staff
 * console's queue with the ticket open beside it (`?ticket=`).
 */
export const ticketPages = {
  customer: (ticketId: string) => `/dashboard/support/${ticketId}`,
  staff: (ticketId: string) => `/staff?ticket=${ticketId}`,
} as const;

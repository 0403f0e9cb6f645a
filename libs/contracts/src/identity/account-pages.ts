// No zod here: the site's route table (site-routes.ts), which the shell imports statically, lists these.

/** The checkout section's pages the mails link to (`?token=`). */
export const accountPages = {
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  verifyEmail: '/verify-email',
  confirmEmail: '/confirm-email',
} as const;

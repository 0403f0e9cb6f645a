import { accountPages, type SectionRoutes } from '@portal/contracts';

/** The section's pages (Root.tsx draws one per path); its build writes them to `routes.json`. */
// The account's mails link to the last five.
export const CHECKOUT_PATHS = [
  '/checkout',
  '/login',
  '/register',
  '/signup',
  ...Object.values(accountPages),
] as const;

export type CheckoutPath = (typeof CHECKOUT_PATHS)[number];

export const ROUTES: SectionRoutes = {
  routes: CHECKOUT_PATHS,
  // Sign-in and the account pages a visitor reaches from the public ones. The reset page is opened as
  // its mail's link opens it (a well-formed token), so its copy is the form, not the refusal of a link without one.
  prerender: [
    { path: '/login' },
    { path: '/register' },
    { path: '/signup' },
    { path: accountPages.forgotPassword },
    { path: accountPages.resetPassword, visit: `${accountPages.resetPassword}?token=${'x'.repeat(43)}` },
  ],
};

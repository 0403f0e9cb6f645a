/** Test-mode Stripe settings shared by the fake Stripe API, commerce and the gateway. */
export const e2eStripe = {
  secretKey: 'sk_test_e2eportal',
  webhookSecret: 'whsec_e2eportal',
  publishableKey: 'pk_test_e2eportal',
};

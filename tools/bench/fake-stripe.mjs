// The fake Stripe API of libs/testing (built), for benchmarks whose stack has STRIPE_API_URL pointing at it.
import { startFakeStripe as start } from '@portal/toolkit/stack';

/** Starts it on `port`; its webhooks go to the gateway at `gatewayUrl`, signed with `webhookSecret`. */
export function startFakeStripe({ port, gatewayUrl, webhookSecret }) {
  return start({
    port: Number(port),
    webhookUrl: `${gatewayUrl}/api/stripe/webhook`,
    webhookSecret: webhookSecret || undefined,
  });
}

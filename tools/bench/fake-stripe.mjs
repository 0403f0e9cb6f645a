// The fake Stripe API of libs/testing (built), for benchmarks whose stack has STRIPE_API_URL pointing at it.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { rootDir } from './stack.mjs';

const fakeStripeModule = path.join(rootDir, 'libs/testing/dist/fake-stripe/fake-stripe.js');

/** Starts it on `port`; its webhooks go to the gateway at `gatewayUrl`, signed with `webhookSecret`. */
export async function startFakeStripe({ port, gatewayUrl, webhookSecret }) {
  if (!existsSync(fakeStripeModule))
    throw new Error(`${fakeStripeModule} is missing: npx nx build @portal/testing`);
  const { startFakeStripe: start } = await import(pathToFileURL(fakeStripeModule).href);
  return start({
    port: Number(port),
    webhookUrl: `${gatewayUrl}/api/stripe/webhook`,
    webhookSecret: webhookSecret || undefined,
  });
}

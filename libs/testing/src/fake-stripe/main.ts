import { startFakeStripe } from './fake-stripe';

/**
 * The fake Stripe API as a process of its own, for the Playwright suite and the benchmarks:
 *   PORT=12111 FAKE_STRIPE_WEBHOOK_URL=http://127.0.0.1:8080/api/stripe/webhook \
 *   STRIPE_WEBHOOK_SECRET=whsec_… node libs/testing/dist/fake-stripe/main.js
 * Prints `Fake Stripe API listening at <url>` once it accepts requests; stops on SIGINT or SIGTERM.
 * Its test controls answer on the same origin, e.g. `curl -X POST <url>/_fake/webhooks/hold`
 * (fail-next, fail-next-refunds, webhooks/hold, webhooks/release, payment_intents/:id/settle,
 * refunds/:id/settle: see ./controls.ts).
 */
async function main(): Promise<void> {
  const fake = await startFakeStripe({
    port: Number(process.env.PORT ?? 12111),
    host: process.env.HOST ?? '127.0.0.1',
    webhookUrl: process.env.FAKE_STRIPE_WEBHOOK_URL || undefined,
    webhookSecret: process.env.STRIPE_WEBHOOK_SECRET || undefined,
    latencyMs: Number(process.env.FAKE_STRIPE_LATENCY_MS ?? 0),
    // Asynchronous refunds (pm_card_pendingRefund, the refund-failure card) settle by themselves.
    asyncRefundDelayMs: Number(process.env.FAKE_STRIPE_ASYNC_REFUND_MS ?? 3000),
  });
  const stop = () => void fake.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  console.log(`Fake Stripe API listening at ${fake.url}`);
  console.log(
    fake.webhookUrl
      ? `  webhooks to ${fake.webhookUrl}`
      : '  no FAKE_STRIPE_WEBHOOK_URL: events are not sent',
  );
  if (!process.env.STRIPE_WEBHOOK_SECRET) console.log(`  signing webhooks with ${fake.webhookSecret}`);
}

main().catch((error: unknown) => {
  console.error('fake Stripe failed to start:', error);
  process.exit(1);
});

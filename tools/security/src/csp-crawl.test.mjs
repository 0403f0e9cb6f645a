// Issue 7: a browser visits every route of the site (the route table the shell routes from, and the
// 404 page), signed out and signed in as a customer whose dashboard has data, opens what loads more
// code (the quote dialog, the cart, the phone menu, every dashboard dialog, the scheduler, a paid
// checkout), and the gateway's Content-Security-Policy refuses nothing: no `securitypolicyviolation`
// in any document or frame, no CSP report on the console. Every same-origin response the browser got
// carries the security headers, and no request went to a host other than Stripe's and the scheduler's.
/* global window, document -- the functions passed to page.evaluate and addInitScript run in the page */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { allowedThirdPartyHosts, describeViolations, openCrawler } from './browser/crawl.mjs';
import { customerWithData, siteRoutes } from './browser/site.mjs';
import { startCspStack } from './browser/stack.mjs';

let stack;
let crawler;
let customer;

before(async () => {
  stack = await startCspStack();
  customer = await customerWithData(stack.url, stack.fakeStripe.url);
  crawler = await openCrawler({ baseUrl: stack.url, fakeStripeUrl: stack.fakeStripe.url });
});

after(async () => {
  await crawler?.close();
  await stack?.stop();
});

/** The page as its visitor ends up with it: heading, data loaded, content loaded on scroll, idle. */
async function settle(page) {
  await page.locator('h1').first().waitFor({ state: 'visible', timeout: 20_000 });
  await page.waitForFunction(
    () => !document.querySelector('[aria-busy="true"], #section-marketing > [data-prerendered]'),
    null,
    {
      timeout: 20_000,
    },
  );
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.waitForTimeout(250);
  await page.evaluate(() => window.scrollTo(0, 0));
}

/** Visits every route in one tab (each a fresh load, as a visitor arriving there). */
async function visitEveryRoute(context) {
  const page = await context.newPage();
  for (const { path } of siteRoutes()) {
    await page.goto(path);
    await settle(page);
  }
  return page;
}

async function openAndClose(page, opener, dialogName) {
  await opener.click();
  await page.getByRole('dialog', { name: dialogName }).waitFor({ state: 'visible' });
  await page.keyboard.press('Escape');
  await page.getByRole('dialog', { name: dialogName }).waitFor({ state: 'hidden' });
}

function expectNothingRefused(what) {
  const { violations, consoleReports, headerProblems, thirdParty } = crawler.findings();
  assert.equal(violations.length, 0, `${what}: CSP violations\n${describeViolations(violations)}`);
  assert.deepEqual(consoleReports, [], `${what}: CSP reports on the console`);
  assert.deepEqual(headerProblems, [], `${what}: responses without the security headers`);
  assert.deepEqual(
    thirdParty,
    [],
    `${what}: requests to hosts other than ${[...allowedThirdPartyHosts].join(', ')}`,
  );
}

describe('CSP crawl', () => {
  test('canary: the crawler hears a violation (an inline script the policy refuses)', async () => {
    const context = await crawler.newSession();
    const page = await context.newPage();
    await page.goto('/');
    await settle(page);
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.inlineScriptRan = true';
      document.body.append(script);
    });
    const deadline = Date.now() + 5_000;
    while (crawler.findings().violations.length === 0 && Date.now() < deadline) await page.waitForTimeout(50);
    const { violations, consoleReports } = crawler.findings();
    assert.equal(
      await page.evaluate(() => window.inlineScriptRan),
      undefined,
      'the inline script did not run',
    );
    assert.deepEqual(
      violations.map((violation) => violation.directive),
      ['script-src-elem'],
      describeViolations(violations),
    );
    assert.ok(consoleReports.length > 0, 'Chromium reported it on the console too');
    await context.close();
    crawler.clearFindings();
  });

  test('signed out: every route, the quote dialog, the cart, the phone menu, the scheduler', async () => {
    const context = await crawler.newSession();
    const page = await visitEveryRoute(context);

    await page.goto('/pricing');
    await settle(page);
    const header = page.locator('#shell-header');
    await page.getByRole('button', { name: 'Add to Cart' }).first().click();
    await openAndClose(page, page.getByTestId('cart-button'), 'Shopping Cart');
    // The quote dialog, then its 'Book a Call': the scheduler's popup (script, stylesheet and frame).
    await header.getByRole('button', { name: 'Get a Quote' }).click();
    const quote = page.getByRole('dialog', { name: 'Get a Quote' });
    // The dialog loads the widget as it opens; a click before it arrives falls back to /contact.
    await page.waitForFunction(() => Boolean(window.Calendly));
    await quote.getByRole('button', { name: 'Book a Call' }).click();
    await page.locator('.calendly-overlay iframe').waitFor({ state: 'attached' });

    // The contact page embeds the booking page.
    await page.goto('/contact');
    await settle(page);
    await page.locator('iframe[src^="https://calendly.com/"]').waitFor({ state: 'attached' });

    await page.setViewportSize({ width: 360, height: 740 });
    await openAndClose(page, page.getByRole('button', { name: 'Open menu' }), 'Menu');
    await context.close();
    expectNothingRefused('signed out');
  });

  test('signed in: every route with data, every dashboard dialog, a paid checkout', async () => {
    const context = await crawler.newSession({
      storage: { auth_token: customer.token, cart: JSON.stringify(customer.cart) },
    });
    const page = await visitEveryRoute(context);

    await page.goto('/dashboard/integrations');
    await settle(page);
    await openAndClose(page, page.getByRole('button', { name: 'Add Integration' }), 'Add Integration');
    await openAndClose(page, page.getByRole('button', { name: /^Delete / }).first(), 'Delete integration?');
    await page.goto('/dashboard/orders');
    await settle(page);
    await openAndClose(
      page,
      page.getByRole('button', { name: /^View items of order/ }).first(),
      'Order items',
    );
    await page.goto('/dashboard/support');
    await settle(page);
    await openAndClose(page, page.getByRole('button', { name: 'New Ticket' }), 'New Ticket');

    // Checkout: Stripe.js, the Payment Element, the card confirmed at api.stripe.com, the confirmation.
    await page.goto('/checkout');
    await settle(page);
    // What Stripe.js itself puts in the page (docs.stripe.com/security/guide): its element and 3-D
    // Secure frames. The stand-in draws its field in the page instead, so the frames are added here.
    await page.evaluate(() => {
      for (const src of [
        'https://js.stripe.com/v3/elements-inner-payment.html',
        'https://hooks.stripe.com/3d_secure_2/hosted',
      ]) {
        const frame = document.createElement('iframe');
        frame.src = src;
        frame.hidden = true;
        document.body.append(frame);
      }
    });
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByTestId('pay-button').click();
    await page.getByRole('heading', { level: 1, name: 'Thank you for your order!' }).waitFor();
    await context.close();
    expectNothingRefused('signed in');
    assert.ok(crawler.responsesChecked() > 100, `only ${crawler.responsesChecked()} responses checked`);
  });
});

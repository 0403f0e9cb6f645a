import AxeBuilder from '@axe-core/playwright';
import { expect, test as base, type Locator, type Page } from '@playwright/test';
import type { SectionName } from '@portal/contracts';
import { siteRoutes } from '@portal/toolkit/site-routes';
import { baseURL } from '../playwright.config';
import {
  CUSTOMER_PASSWORD,
  customerWithCart,
  customerWithData,
  ordersOf,
  placeOrder,
  signedInState,
  uniqueEmail,
  type Customer,
} from '../support/customer';
import {
  cancelAtFakeStripe,
  confirmAtFakeStripe,
  paymentIntentIdOf,
  routeStripeToFakes,
} from '../support/stripe';

// Issue 7: axe-core finds no serious or critical violation on any route of the product, signed out
// and signed in, at desktop and phone widths; every dialog works from the keyboard alone.

const BLOCKING_IMPACTS = new Set(['serious', 'critical']);

// Lighthouse judges the phone layout, people use both: the header and several sections change shape.
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 360, height: 740 };

interface Route {
  path: string;
  /** The section serving it; null for the shell's 404 page. */
  section: SectionName | null;
}

/**
 * Every route the sections' builds serve (their `routes.json`), so a new page is checked the day it is
 * added; plus a path no section serves (the 404 page).
 */
const ROUTES = siteRoutes() as Route[];

type Session = 'signed out' | 'signed in';

type Violation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

/** One paragraph per rule: impact, rule, what it asks, and each offending element with axe's advice. */
function describeViolations(violations: Violation[]): string {
  return violations
    .map((violation) => {
      const nodes = violation.nodes.map(
        (node) =>
          `    ${node.target.join(' ')}\n      ${(node.failureSummary ?? '').replace(/\n/g, '\n      ')}`,
      );
      return `[${violation.impact}] ${violation.id}: ${violation.help} (${violation.helpUrl})\n${nodes.join('\n')}`;
    })
    .join('\n\n');
}

async function expectNoBlockingViolation(page: Page, what: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const minor = violations.filter((violation) => !BLOCKING_IMPACTS.has(violation.impact ?? ''));
  if (minor.length > 0) {
    test.info().annotations.push({
      type: `axe (moderate or minor) on ${what}`,
      description: describeViolations(minor),
    });
  }
  const blocking = violations.filter((violation) => BLOCKING_IMPACTS.has(violation.impact ?? ''));
  expect(
    blocking.map((violation) => violation.id),
    `${what}:\n\n${describeViolations(blocking)}`,
  ).toEqual([]);
}

async function animationsDone(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/** The notice a signed-out visitor sees for a second before being sent to sign in, if any. */
function redirectNotice(route: Route, session: Session): string | null {
  if (session === 'signed in') return null;
  if (route.section === 'dashboard') return 'Access Required';
  if (route.path === '/checkout') return 'Authentication Required';
  return null;
}

/**
 * The page as a visitor ends up seeing it: the section's own render in place of a prerendered copy,
 * content loaded on scroll there, data loaded (no skeleton left), transitions over.
 */
async function settle(page: Page, route: Route, session: Session): Promise<void> {
  const notice = redirectNotice(route, session);
  if (notice) {
    await expect(page.getByRole('heading', { level: 1, name: notice })).toBeVisible();
    // The notice moves on after a second (history.replaceState): hold it there so axe sees the
    // notice itself. (The page's clock cannot be paused instead: axe-core needs timers to run.)
    await page.evaluate(() => {
      window.history.replaceState = () => undefined;
    });
    await animationsDone(page);
    return;
  }
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  if (route.section === 'marketing') {
    await expect(page.locator('#section-marketing > [data-prerendered]')).toHaveCount(0);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => window.scrollTo(0, 0));
  }
  if (route.path === '/checkout') await expect(page.getByTestId('pay-button')).toBeEnabled();
  await animationsDone(page);
}

function storageFor(session: Session, customer: Customer) {
  return session === 'signed out' ? undefined : signedInState(customer, baseURL);
}

/**
 * The signed-in customer (one per worker) and the storage state that signs a page in as them.
 * `sessionPage(session)`: one page per session for the whole worker, so the route checks share the
 * browser's cache of the shell's and remotes' chunks (each route is still a fresh page load).
 */
const test = base.extend<
  { session: Session },
  { customer: Customer; sessionPage: (session: Session) => Promise<Page> }
>({
  session: ['signed out', { option: true }],
  customer: [
    async ({ playwright }, use) => {
      const request = await playwright.request.newContext({ baseURL });
      await use(await customerWithData(request));
      await request.dispose();
    },
    { scope: 'worker' },
  ],
  sessionPage: [
    async ({ browser, customer }, use) => {
      const pages = new Map<Session, Promise<Page>>();
      await use((session) => {
        if (!pages.has(session)) {
          pages.set(
            session,
            (async () => {
              const context = await browser.newContext({
                baseURL,
                viewport: DESKTOP,
                storageState: storageFor(session, customer),
              });
              const page = await context.newPage();
              await routeStripeToFakes(page);
              return page;
            })(),
          );
        }
        return pages.get(session)!;
      });
      for (const page of pages.values()) await (await page).context().close();
    },
    { scope: 'worker' },
  ],
  storageState: async ({ session, customer, storageState }, use) => {
    await use(storageFor(session, customer) ?? storageState);
  },
  page: async ({ page }, use) => {
    // Stripe's hosts cannot be reached from here: the checkout gets the suite's stand-ins.
    await routeStripeToFakes(page);
    await use(page);
  },
});

for (const session of ['signed out', 'signed in'] as const) {
  test.describe(`axe on every route, ${session}, at 1280 and 360 px`, () => {
    for (const route of ROUTES) {
      test(`${route.path} has no serious or critical violation`, async ({ sessionPage }) => {
        const page = await sessionPage(session);
        await page.setViewportSize(DESKTOP);
        await page.goto(route.path);
        await settle(page, route, session);
        await expectNoBlockingViolation(page, `${route.path} (${session}) at ${DESKTOP.width} px`);

        // The same page at phone width: the header, tables and grids change shape.
        await page.setViewportSize(PHONE);
        await animationsDone(page);
        await expectNoBlockingViolation(page, `${route.path} (${session}) at ${PHONE.width} px`);
      });
    }
  });
}

// The checkout's states that need an order in them: a payment still processing at the bank, an order
// canceled (its PaymentIntent canceled at Stripe). Each is the confirmation page of its order.
test("axe on the checkout's processing and canceled orders, at 1280 and 360 px", async ({
  browser,
  request,
}) => {
  const customer = await customerWithCart(request);
  const items = customer.cart.map(({ packageId, quantity }) => ({ packageId, quantity }));
  const processing = await placeOrder(request, customer.token, items);
  // The fake Stripe API's own processing card (Stripe has none): the bank answers later.
  await confirmAtFakeStripe(request, processing.clientSecret, '4000000000007726');
  const canceled = await placeOrder(request, customer.token, items);
  await cancelAtFakeStripe(request, paymentIntentIdOf(canceled.clientSecret));
  await expect
    .poll(async () => (await ordersOf(request, customer)).map(({ status }) => status).sort())
    .toEqual(['canceled', 'processing']);

  const context = await browser.newContext({
    baseURL,
    viewport: DESKTOP,
    storageState: signedInState(customer, baseURL),
  });
  const page = await context.newPage();
  await routeStripeToFakes(page);
  for (const [orderId, title] of [
    [processing.orderId, 'Your payment is processing'],
    [canceled.orderId, 'This order was canceled'],
  ] as const) {
    await page.setViewportSize(DESKTOP);
    await page.goto(`/checkout?order=${orderId}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await animationsDone(page);
    await expectNoBlockingViolation(page, `${title} at ${DESKTOP.width} px`);
    await page.setViewportSize(PHONE);
    await animationsDone(page);
    await expectNoBlockingViolation(page, `${title} at ${PHONE.width} px`);
  }
  await context.close();
});

// ---------------------------------------------------------------------------------------------------
// Dialogs from the keyboard: reached with Tab, opened with Enter or Space, focus inside, Tab trapped,
// Escape closes, focus back on the opener.

/**
 * Reaches `target` the way a keyboard user does: from the top of the page (the skip link is the first
 * stop) or, for controls of the page itself, through 'Skip to content' (Enter) and on into the page;
 * then Tab until it has focus. Fails after `limit` presses.
 */
async function tabTo(
  page: Page,
  target: Locator,
  { from = 'top', limit = 60 }: { from?: 'top' | 'main'; limit?: number } = {},
): Promise<void> {
  await expect(target).toBeVisible();
  const skipLink = page.getByRole('link', { name: 'Skip to content' });
  await skipLink.focus();
  if (await target.evaluate((node) => node === document.activeElement)) return;
  if (from === 'main') {
    await page.keyboard.press('Enter');
    await expect(page.locator('#main')).toBeFocused();
  }
  const element = await target.elementHandle();
  for (let presses = 0; presses < limit; presses += 1) {
    await page.keyboard.press('Tab');
    if (await element!.evaluate((node) => node === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${target} in ${limit} presses`);
}

const focusIsInside = (dialog: Locator) =>
  dialog.evaluate(
    (node) => node.contains(document.activeElement) && document.activeElement !== document.body,
  );

/**
 * Opens the dialog from `opener` with `key`, checks focus moved in and stays in for a full round of
 * Tab and of Shift+Tab, closes it with Escape and checks focus is back on the opener.
 */
async function expectKeyboardDialog(
  page: Page,
  opener: Locator,
  dialogName: string,
  {
    key = 'Enter',
    from = 'top',
    inside,
  }: { key?: 'Enter' | ' '; from?: 'top' | 'main'; inside?: (dialog: Locator) => Promise<void> } = {},
): Promise<void> {
  await tabTo(page, opener, { from });
  await page.keyboard.press(key);
  const dialog = page.getByRole('dialog', { name: dialogName });
  await expect(dialog).toBeVisible();
  await expect.poll(() => focusIsInside(dialog), `focus moves into ${dialogName}`).toBe(true);
  await animationsDone(page);
  await expectNoBlockingViolation(page, `${dialogName} (open)`);

  const tabbables = await dialog.evaluate(
    (node) =>
      [...node.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, [tabindex]')].filter(
        (element) =>
          element.tabIndex >= 0 && !element.matches(':disabled') && element.getClientRects().length > 0,
      ).length,
  );
  expect(tabbables, `${dialogName} has something to focus`).toBeGreaterThan(0);
  for (const press of ['Tab', 'Shift+Tab']) {
    for (let i = 0; i <= tabbables + 1; i += 1) {
      await page.keyboard.press(press);
      expect(await focusIsInside(dialog), `${press} ×${i + 1} stays inside ${dialogName}`).toBe(true);
    }
  }
  await inside?.(dialog);

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener, `focus is back on the button that opened ${dialogName}`).toBeFocused();
}

test.describe('dialogs from the keyboard, signed out', () => {
  test.use({ viewport: DESKTOP });
  // Dozens of key presses, each checked, and axe on every dialog.
  test.describe.configure({ timeout: 90_000 });

  test('Get a Quote and the Shopping Cart', async ({ page }) => {
    await page.goto('/pricing');
    await settle(page, { path: '/pricing', section: 'marketing' }, 'signed out');
    const header = page.locator('#shell-header');
    await expectKeyboardDialog(page, header.getByRole('button', { name: 'Get a Quote' }), 'Get a Quote');
    // A quote button of the page itself opens the same dialog, about that plan.
    await expectKeyboardDialog(
      page,
      page.locator('#main').getByRole('button', { name: 'Get a Quote' }).first(),
      'Get a Quote',
      { key: ' ', from: 'main' },
    );
    await expectKeyboardDialog(page, page.getByTestId('cart-button'), 'Shopping Cart', { key: ' ' });
    // With a plan in it, added from the keyboard.
    await tabTo(page, page.getByRole('button', { name: 'Add to Cart' }).first(), { from: 'main' });
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('cart-button')).toHaveAccessibleName('Shopping cart, 1 item');
    await expectKeyboardDialog(page, page.getByTestId('cart-button'), 'Shopping Cart', {
      inside: async (cart) => {
        // Removing the line takes its buttons away: focus stays in the cart, on something there.
        await cart.getByRole('button', { name: /^Remove .* from cart$/ }).focus();
        await page.keyboard.press('Enter');
        await expect(cart.getByText('Your cart is empty')).toBeVisible();
        await expect.poll(() => focusIsInside(cart), 'focus stays in the cart').toBe(true);
        await page.keyboard.press('Tab');
        expect(await focusIsInside(cart)).toBe(true);
      },
    });
  });

  test('the job application form of the careers page', async ({ page }) => {
    await page.goto('/careers');
    await settle(page, { path: '/careers', section: 'marketing' }, 'signed out');
    await expectKeyboardDialog(
      page,
      page.getByRole('button', { name: 'Apply Now for AI Automation Specialist' }),
      'Apply for a role',
      { from: 'main' },
    );
  });

  test('the phone menu, and the cart opened from it', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto('/');
    await settle(page, { path: '/', section: 'marketing' }, 'signed out');
    const menuButton = page.getByRole('button', { name: 'Open menu' });
    await expectKeyboardDialog(page, menuButton, 'Menu');

    // The cart, from the menu: closing it brings focus back to the menu button (the menu is gone).
    await tabTo(page, menuButton);
    await page.keyboard.press('Enter');
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect.poll(() => focusIsInside(menu)).toBe(true);
    const cartInMenu = menu.getByRole('button', { name: /Shopping Cart/ });
    await cartInMenu.focus();
    await page.keyboard.press('Enter');
    const cart = page.getByRole('dialog', { name: 'Shopping Cart' });
    await expect(cart).toBeVisible();
    await expect.poll(() => focusIsInside(cart)).toBe(true);
    await page.keyboard.press('Escape');
    await expect(cart).toBeHidden();
    await expect(menuButton).toBeFocused();
  });
});

test("a new customer's Overview: the onboarding checklist in place of Service Status", async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL, viewport: DESKTOP });
  const answer = await context.request.post('/api/auth/register', {
    data: { name: 'Riley Chen', email: uniqueEmail('a11y-new'), password: CUSTOMER_PASSWORD },
  });
  expect(answer.status()).toBe(201);
  const { token } = (await answer.json()) as { token: string };
  await context.addInitScript((value) => window.localStorage.setItem('auth_token', value), token);
  const page = await context.newPage();
  await page.goto('/dashboard');
  await settle(page, { path: '/dashboard', section: 'dashboard' }, 'signed in');
  await expect(page.getByRole('list', { name: 'Getting Started' }).getByRole('listitem')).toHaveCount(3);
  await expectNoBlockingViolation(page, `a new customer's Overview at ${DESKTOP.width} px`);
  await page.setViewportSize(PHONE);
  await animationsDone(page);
  await expectNoBlockingViolation(page, `a new customer's Overview at ${PHONE.width} px`);
  await context.close();
});

test.describe('dialogs from the keyboard, signed in', () => {
  test.use({ session: 'signed in', viewport: DESKTOP });
  test.describe.configure({ timeout: 90_000 });

  test('the dashboard: Add Integration, Delete, Order items, New Ticket', async ({ page }) => {
    const tabReady = async (path: string) => {
      await page.goto(path);
      await settle(page, { path, section: 'dashboard' }, 'signed in');
    };

    await tabReady('/dashboard/integrations');
    await expectKeyboardDialog(
      page,
      page.getByRole('button', { name: 'Add Integration' }),
      'Add Integration',
      { from: 'main' },
    );
    await expectKeyboardDialog(
      page,
      page.getByRole('button', { name: 'Delete Dialpad · Main line' }),
      'Delete integration?',
      { key: ' ', from: 'main' },
    );

    await tabReady('/dashboard/orders');
    await expectKeyboardDialog(
      page,
      page.getByRole('button', { name: /^View items of order/ }).first(),
      'Order items',
      { from: 'main' },
    );

    await tabReady('/customer-dashboard/support');
    await expectKeyboardDialog(page, page.getByRole('button', { name: 'New Ticket' }), 'New Ticket', {
      from: 'main',
      inside: async (dialog) => {
        // Typed from the keyboard, then left with Escape: nothing is sent.
        await dialog.getByLabel('Title').focus();
        await page.keyboard.type('Draft only');
      },
    });
  });

  test('a ticket and an integration made from the keyboard alone; focus lands on a button that is there', async ({
    page,
  }) => {
    // A customer of its own with no ticket and no integration: the first ones come from empty states.
    const email = `e2e-kbd-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const registered = await page.request.post('/api/auth/register', {
      data: { name: 'Kai Moreno', email, password: 'harbor-lights-42' },
    });
    const { token } = (await registered.json()) as { token: string };
    await page.goto('/');
    await page.evaluate((value) => localStorage.setItem('auth_token', value), token);

    await page.goto('/dashboard/support');
    await settle(page, { path: '/dashboard/support', section: 'dashboard' }, 'signed in');
    await tabTo(page, page.getByRole('button', { name: 'New Ticket' }), { from: 'main' });
    await page.keyboard.press('Enter');
    const ticketDialog = page.getByRole('dialog', { name: 'New Ticket' });
    await expect(ticketDialog.getByLabel('Title')).toBeFocused();
    await page.keyboard.type('Hold music too loud');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Callers on hold hear music far louder than the agents.');
    await page.keyboard.press('Tab'); // Priority
    await page.keyboard.press('Tab'); // Cancel
    await page.keyboard.press('Tab'); // Create
    await expect(ticketDialog.getByRole('button', { name: 'Create' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(ticketDialog).toBeHidden();
    await expect(page.getByText('Support ticket created successfully')).toBeVisible();
    // The empty state's button went with the empty state: focus is on the one beside the list.
    await expect(page.getByRole('button', { name: 'New Ticket' })).toBeFocused();

    await page.goto('/dashboard/integrations');
    await settle(page, { path: '/dashboard/integrations', section: 'dashboard' }, 'signed in');
    await tabTo(page, page.getByRole('button', { name: 'Add Integration' }), { from: 'main' });
    await page.keyboard.press('Enter');
    const addDialog = page.getByRole('dialog', { name: 'Add Integration' });
    await expect.poll(() => focusIsInside(addDialog)).toBe(true);
    const type = addDialog.getByRole('combobox', { name: 'Type' });
    await type.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('option', { name: 'HubSpot' }).press('Enter');
    await expect(type).toHaveText(/HubSpot/);
    await expect(addDialog, 'choosing a type leaves the dialog open').toBeVisible();
    await addDialog.getByLabel(/^Name/).focus();
    await page.keyboard.type('HubSpot · Sales');
    await addDialog.getByLabel(/^API Key/).focus();
    await page.keyboard.type('hs_live_kbd_1a2b3c');
    await addDialog.getByRole('button', { name: 'Create' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Integration created successfully')).toBeVisible();
    // Step two replaces the form (and the focused Create button): focus starts at its title.
    const connected = page.getByRole('dialog', { name: 'Integration connected' });
    await expect(connected.getByRole('heading', { name: 'Integration connected' })).toBeFocused();
    await expectNoBlockingViolation(page, 'Integration connected (open)');
    await page.keyboard.press('Escape');
    await expect(connected).toBeHidden();
    await expect(page.getByRole('button', { name: 'Add Integration' })).toBeFocused();

    // Deleting it from the keyboard: its Delete button is gone, focus goes to 'Add Integration'.
    await tabTo(page, page.getByRole('button', { name: 'Delete HubSpot · Sales' }), { from: 'main' });
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: 'Delete integration?' });
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(confirm).toBeHidden();
    await expect(page.getByText('Integration deleted successfully')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add Integration' })).toBeFocused();
  });
});

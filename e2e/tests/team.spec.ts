import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { teamMessages } from '@portal/contracts';
import { extractLink, mailsTo } from '@portal/toolkit/mail-catcher';
import { waitFor } from '@portal/toolkit/wait';
import { baseURL } from '../playwright.config';
import { ok } from '../support/api';
import { e2ePorts } from '../support/stack';
import {
  CUSTOMER_PASSWORD,
  customerWithCart,
  customerWithData,
  ordersOf,
  signedInState,
  uniqueEmail,
} from '../support/customer';

// Issue 18: an owner invites a colleague by email with a role; the colleague signs up from the mailed
// link and works in the owner's organization with what the role allows; the owner's changes take
// effect on the colleague's next request. Real services and the stack's mail catcher, nothing mocked.

const MAIL_CATCHER = `http://127.0.0.1:${e2ePorts.mailWeb}`;

/** The path and query of the invitation link mailed to `email` (`/invitation?token=…`). */
async function invitationLink(email: string): Promise<string> {
  const link = await waitFor(
    async () => {
      const mail = (await mailsTo(MAIL_CATCHER, email)).find((each) =>
        (each.text ?? '').includes('/invitation?token='),
      );
      return mail ? extractLink(mail, '/invitation?token=') : undefined;
    },
    // Through identity's outbox, NATS and crm's mailer: allow for a busy machine.
    { timeoutMs: 30_000, what: `the invitation mail to ${email}` },
  );
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

const PHONE = { width: 390, height: 844 };

async function expectNoBlockingViolation(page: Page, what: string) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const blocking = violations.filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''));
  expect(
    blocking.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    ),
    what,
  ).toEqual([]);
}

const tabs = (page: Page) => page.getByRole('tablist', { name: 'Dashboard sections' }).getByRole('tab');

async function newPage(browser: Browser, storageState?: Parameters<Browser['newContext']>[0]) {
  const context = await browser.newContext({ baseURL, ...storageState });
  return context.newPage();
}

test('an invited billing colleague signs up from the mail, sees the orders; a role change and a removal follow at once', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const owner = await customerWithData(request, 'Olivia Owner');
  const [order] = await ordersOf(request, owner);
  const colleagueEmail = uniqueEmail('colleague');
  const colleagueName = 'Casey Colleague';

  // The owner invites the colleague as Billing from the Team tab.
  const ownerPage = await newPage(browser, { storageState: signedInState(owner, baseURL) });
  await ownerPage.goto('/dashboard/team');
  await expect(ownerPage.getByRole('heading', { level: 2, name: 'Team' })).toBeVisible();
  // From the keyboard: the dialog opens on its email field and Escape gives focus back to the button.
  const inviteButton = ownerPage.getByRole('button', { name: 'Invite member' });
  await inviteButton.focus();
  await ownerPage.keyboard.press('Enter');
  const invite = ownerPage.getByRole('dialog', { name: 'Invite a member' });
  await expect(invite.getByLabel('Email address')).toBeFocused();
  await ownerPage.keyboard.press('Escape');
  await expect(invite).toBeHidden();
  await expect(inviteButton).toBeFocused();
  await inviteButton.click();
  await invite.getByLabel('Email address').fill(colleagueEmail);
  await invite.getByLabel('Role').selectOption('billing');
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(invite).toBeHidden();
  await expect(ownerPage.getByRole('list', { name: /^Pending invitations/ })).toContainText(colleagueEmail);

  // The colleague opens the mailed link, not signed in, and signs up from it.
  const colleague = await newPage(browser);
  await colleague.goto(await invitationLink(colleagueEmail));
  await expect(colleague.getByRole('heading', { level: 1, name: /^Join / })).toBeVisible();
  await expect(colleague.getByText('Billing', { exact: true })).toBeVisible();
  await expect(colleague.getByLabel('Email address')).toHaveValue(colleagueEmail);
  await colleague.setViewportSize(PHONE);
  await expectNoBlockingViolation(colleague, 'the invitation sign-up at 390 px');
  await colleague.setViewportSize({ width: 1280, height: 800 });
  await colleague.getByLabel('Full Name').fill(colleagueName);
  await colleague.getByLabel('Password', { exact: true }).fill(CUSTOMER_PASSWORD);
  await colleague.getByRole('button', { name: 'Create account and join' }).click();
  await colleague.waitForURL('**/dashboard');
  await expect(colleague.getByRole('heading', { level: 1, name: 'Customer Dashboard' })).toBeVisible();
  await expect(tabs(colleague)).toHaveText(['Overview', 'KPIs', 'Orders', 'Support', 'Team', 'Settings']);

  // Billing reads the organization's orders: the owner's paid one.
  await tabs(colleague).filter({ hasText: 'Orders' }).click();
  const orders = colleague.getByRole('table', { name: 'Your orders' });
  await expect(
    orders.getByRole('button', { name: `View items of order ${order!.id.slice(0, 8)}` }),
  ).toBeVisible();

  // The owner makes them a Member: the colleague's next request (a page load) loses Orders.
  await ownerPage.reload();
  const role = ownerPage.getByLabel(`Role of ${colleagueName}`);
  await role.selectOption('member');
  await expect(ownerPage.getByRole('list', { name: 'Activity' })).toContainText('Member');
  await colleague.goto('/dashboard/orders');
  await expect(colleague.getByRole('heading', { name: teamMessages.notAllowed })).toBeVisible();
  await expect(tabs(colleague)).toHaveText(['Overview', 'KPIs', 'Support', 'Team', 'Settings']);

  // The owner removes them: their next request finds them out of the organization.
  await ownerPage.getByRole('button', { name: `Remove ${colleagueName}` }).click();
  await ownerPage
    .getByRole('dialog', { name: 'Remove member?' })
    .getByRole('button', { name: 'Remove' })
    .click();
  await expect(ownerPage.getByRole('list', { name: /^Members/ })).not.toContainText(colleagueName);
  await tabs(colleague).filter({ hasText: 'Team' }).click();
  await expect(colleague.getByRole('heading', { level: 1, name: 'No organization' })).toBeVisible();
  await expect(colleague.getByText(teamMessages.noOrganization, { exact: false })).toBeVisible();

  // The link was used: opening it again says so.
  await ownerPage.context().close();
  await colleague.goto(await invitationLink(colleagueEmail));
  await expect(
    colleague.getByRole('heading', { level: 1, name: 'This invitation has already been used' }),
  ).toBeVisible();
  await colleague.context().close();
});

test('a customer with an account accepts by signing in on the link; the header then switches between their two organizations', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const owner = await customerWithCart(request, 'Priya Owner');
  const guest = await customerWithCart(request, 'Gus Guest');
  await ok(
    'invitation',
    request.post('/api/team/invitations', {
      headers: { Authorization: `Bearer ${owner.token}` },
      data: { email: guest.email, role: 'crm_manager' },
    }),
  );

  // Signed out, the link offers the sign-in for the invited address; signing in accepts.
  const page = await newPage(browser);
  await page.goto(await invitationLink(guest.email));
  await expect(page.getByRole('heading', { level: 1, name: 'Join Priya Owner' })).toBeVisible();
  await expect(page.getByText('CRM manager', { exact: true })).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(CUSTOMER_PASSWORD);
  await page.getByRole('button', { name: 'Sign in and accept' }).click();
  await page.waitForURL('**/dashboard');
  await expect(tabs(page)).toHaveText([
    'Overview',
    'Integrations',
    'KPIs',
    'Support',
    'Team',
    'Developers',
    'Settings',
  ]);

  // The header's switcher: both organizations with the role in each; the guest's own has Orders.
  const switcher = page.getByRole('button', { name: 'Organization: Priya Owner. Switch organization' });
  await switcher.focus();
  await page.keyboard.press('ArrowDown');
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitemradio')).toHaveText(['Gus GuestOwner', 'Priya OwnerCRM manager']);
  await expect(menu.getByRole('menuitemradio', { name: /Priya Owner/ })).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('button', { name: 'Organization: Gus Guest. Switch organization' }),
  ).toBeVisible();
  await expect(tabs(page)).toHaveText([
    'Overview',
    'Integrations',
    'KPIs',
    'Orders',
    'Support',
    'Team',
    'Developers',
    'Settings',
  ]);
  expect(new URL(page.url()).pathname).toBe('/dashboard');
  await page.context().close();
});

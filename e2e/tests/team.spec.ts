import { expect, test, type Browser, type Page } from '@playwright/test';
import { teamMessages } from '@portal/contracts';
import { extractLink, mailsTo } from '@portal/toolkit/mail-catcher';
import { waitFor } from '@portal/toolkit/wait';
import { baseURL } from '../playwright.config';
import { e2ePorts } from '../support/stack';
import {
  CUSTOMER_PASSWORD,
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
    { timeoutMs: 10_000, what: `the invitation mail to ${email}` },
  );
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
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
  await ownerPage.getByRole('button', { name: 'Invite member' }).click();
  const invite = ownerPage.getByRole('dialog', { name: 'Invite a member' });
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

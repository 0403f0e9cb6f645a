import { accountMessages, accountResponseSchema } from '@portal/contracts';
import { fromNewClientAddress, request, startForSuite, uniqueEmail } from '@portal/testing';
import { ensureStaffAccount } from '../staff/staff-account';
import { expireLinks, linkToken, mailsTo, registerCustomer, signIn } from '../test/account-helpers';
import { startIdentity } from '../test/identity-harness';

describe('account settings', () => {
  const harness = startForSuite(() => startIdentity({ seed: false }));
  const call = (method: string, path: string, bearer: string | undefined, body?: unknown) =>
    request(harness().baseUrl, method, path, { token: bearer, body, headers: fromNewClientAddress() });
  const meStatus = async (token: string) => (await call('GET', '/api/auth/me', token)).status;
  const loginStatus = async (email: string, password: string) =>
    (await call('POST', '/api/auth/login', undefined, { email, password })).status;

  describe('GET and PATCH /api/account', () => {
    it("answers the caller's own account, never another's", async () => {
      const ada = await registerCustomer(harness(), { name: 'Ada' });
      const bob = await registerCustomer(harness(), { name: 'Bob' });
      const response = await call('GET', '/api/account', ada.token);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(accountResponseSchema.parse(response.body)).toEqual({
        id: ada.id,
        name: 'Ada',
        email: ada.email,
        role: 'customer',
        organizationId: expect.any(String),
        emailVerified: false,
        pendingEmail: null,
        twoFactorEnabled: false,
        recoveryCodesLeft: 0,
        createdAt: expect.any(String),
      });
      expect((await call('GET', '/api/account', bob.token)).body).toMatchObject({ id: bob.id, name: 'Bob' });
      expect((await call('GET', '/api/account', undefined)).status).toBe(401);
    });

    it('renames the account (trimmed), refuses an empty name or unknown fields', async () => {
      const customer = await registerCustomer(harness());
      const renamed = await call('PATCH', '/api/account', customer.token, { name: '  Grace Hopper ' });
      expect(renamed).toMatchObject({ status: 200, body: { id: customer.id, name: 'Grace Hopper' } });
      expect((await call('GET', '/api/auth/me', customer.token)).body.name).toBe('Grace Hopper');
      expect((await call('PATCH', '/api/account', customer.token, { name: '   ' })).body).toEqual({
        statusCode: 400,
        message: 'Name is required',
      });
      expect((await call('PATCH', '/api/account', customer.token, { name: 'X', role: 'admin' })).status).toBe(
        400,
      );
      expect((await call('GET', '/api/auth/me', customer.token)).body.role).toBe('customer');
    });
  });

  describe('POST /api/account/email', () => {
    const change = (bearer: string, newEmail: string, currentPassword: string) =>
      call('POST', '/api/account/email', bearer, { newEmail, currentPassword });

    it("mails a confirmation link to the new address and a notice to the old; the link makes it the account's, verified", async () => {
      const customer = await registerCustomer(harness());
      await call('POST', '/api/auth/forgot-password', undefined, { email: customer.email });
      const oldResetLink = await linkToken(harness(), customer.email, 'password-reset');
      const newEmail = uniqueEmail('moved');
      expect(await change(customer.token, newEmail, customer.password)).toMatchObject({
        status: 202,
        body: { message: accountMessages.emailChangeRequested },
      });
      expect((await call('GET', '/api/account', customer.token)).body).toMatchObject({
        email: customer.email,
        pendingEmail: newEmail,
      });
      const [confirmation] = await mailsTo(harness(), newEmail);
      expect(confirmation).toMatchObject({
        to: newEmail,
        content: {
          template: 'email-change-confirmation',
          name: customer.name,
          newEmail,
          link: expect.stringMatching(
            /^https:\/\/portal\.example\.com\/confirm-email\?token=[A-Za-z0-9_-]{43}$/,
          ),
        },
      });
      const oldMails = await mailsTo(harness(), customer.email);
      expect(oldMails.at(-1)).toMatchObject({
        to: customer.email,
        content: { template: 'email-change-notice', name: customer.name, newEmail },
      });
      // The confirmation link goes to the new address only.
      expect(oldMails.some((mail) => mail.content.template === 'email-change-confirmation')).toBe(false);

      const token = await linkToken(harness(), newEmail, 'email-change-confirmation');
      const confirmed = await call('POST', '/api/auth/confirm-email', undefined, { token });
      expect(confirmed).toMatchObject({ status: 200, body: { email: newEmail } });
      expect((await call('GET', '/api/account', customer.token)).body).toMatchObject({
        email: newEmail,
        emailVerified: true,
        pendingEmail: null,
      });
      await signIn(harness(), newEmail.toUpperCase(), customer.password);
      expect(await loginStatus(customer.email, customer.password)).toBe(401);
      // The old address got nothing more.
      expect(await mailsTo(harness(), customer.email)).toHaveLength(oldMails.length);
      // A reset link still waiting in the old mailbox no longer works.
      const viaOldMail = await call('POST', '/api/auth/reset-password', undefined, {
        token: oldResetLink,
        password: 'via old mail 1',
      });
      expect(viaOldMail.body).toEqual({ statusCode: 400, message: accountMessages.resetLinkInvalid });

      expect((await call('POST', '/api/auth/confirm-email', undefined, { token })).body).toEqual({
        statusCode: 400,
        message: accountMessages.emailChangeLinkUsed,
      });
    });

    it('requires the current password, a different address, and one no account uses (any case)', async () => {
      const customer = await registerCustomer(harness());
      const other = await registerCustomer(harness());
      expect((await change(customer.token, uniqueEmail('x'), 'wrong password 9')).body).toEqual({
        statusCode: 400,
        message: accountMessages.currentPasswordWrong,
      });
      expect(
        (await call('POST', '/api/account/email', customer.token, { newEmail: uniqueEmail('x') })).body,
      ).toEqual({
        statusCode: 400,
        message: accountMessages.currentPasswordRequired,
      });
      expect((await change(customer.token, customer.email.toUpperCase(), customer.password)).body).toEqual({
        statusCode: 400,
        message: accountMessages.sameEmail,
      });
      expect((await change(customer.token, other.email.toUpperCase(), customer.password)).body).toEqual({
        statusCode: 409,
        message: accountMessages.emailInUse,
      });
      expect(await mailsTo(harness(), other.email)).toHaveLength(1); // its own verification mail only
      expect((await call('GET', '/api/account', customer.token)).body).toMatchObject({
        email: customer.email,
        pendingEmail: null,
      });
    });

    it('cannot take an address registered while the link waited: 409, nothing changes', async () => {
      const customer = await registerCustomer(harness());
      const wanted = uniqueEmail('contested');
      await change(customer.token, wanted, customer.password);
      const token = await linkToken(harness(), wanted, 'email-change-confirmation');
      await registerCustomer(harness(), { email: wanted.toUpperCase() });

      expect((await call('POST', '/api/auth/confirm-email', undefined, { token })).body).toEqual({
        statusCode: 409,
        message: accountMessages.emailInUse,
      });
      expect((await call('GET', '/api/account', customer.token)).body.email).toBe(customer.email);
    });

    it("refuses an expired, a tampered or another account's confirmation link", async () => {
      const customer = await registerCustomer(harness());
      const other = await registerCustomer(harness());
      const wanted = uniqueEmail('later');
      await change(customer.token, wanted, customer.password);
      const token = await linkToken(harness(), wanted, 'email-change-confirmation');
      const confirm = (value: string, bearer?: string) =>
        call('POST', '/api/auth/confirm-email', bearer, { token: value });

      expect((await confirm(`${token.slice(0, 42)}${token.endsWith('A') ? 'B' : 'A'}`)).body).toEqual({
        statusCode: 400,
        message: accountMessages.emailChangeLinkInvalid,
      });
      expect((await confirm(token, other.token)).body).toEqual({
        statusCode: 400,
        message: accountMessages.emailChangeLinkInvalid,
      });
      await expireLinks(harness(), customer.id, 'email-change');
      expect((await confirm(token, customer.token)).body).toEqual({
        statusCode: 400,
        message: accountMessages.emailChangeLinkExpired,
      });
      expect((await call('GET', '/api/account', customer.token)).body).toMatchObject({
        email: customer.email,
        pendingEmail: null,
      });
    });

    it('leaves staff accounts to the company: 403', async () => {
      const staff = { email: uniqueEmail('staff'), password: 'staff-secret-1', name: 'Ops Admin' };
      await ensureStaffAccount(harness().dataSource, staff);
      const token = await signIn(harness(), staff.email, staff.password);
      expect((await change(token, uniqueEmail('elsewhere'), staff.password)).body).toEqual({
        statusCode: 403,
        message: accountMessages.staffAccountManaged,
      });
      expect((await call('GET', '/api/account', token)).body).toMatchObject({
        role: 'admin',
        emailVerified: true,
      });
    });
  });

  describe('POST /api/account/password', () => {
    const change = (bearer: string, currentPassword: string, newPassword: string) =>
      call('POST', '/api/account/password', bearer, { currentPassword, newPassword });

    it('sets the new password, keeps this session, ends the others and mails the owner', async () => {
      const customer = await registerCustomer(harness());
      const laptop = await signIn(harness(), customer.email, customer.password);
      const response = await change(customer.token, customer.password, 'second password 2');
      expect(response.status).toBe(204);
      expect(await meStatus(customer.token)).toBe(200);
      expect(await meStatus(laptop)).toBe(401);
      await signIn(harness(), customer.email, 'second password 2');
      expect(await loginStatus(customer.email, customer.password)).toBe(401);
      expect((await mailsTo(harness(), customer.email)).at(-1)?.content).toEqual({
        template: 'password-changed',
        name: customer.name,
      });
    });

    it('refuses a wrong current password and a new one under the sign-up rules', async () => {
      const customer = await registerCustomer(harness());
      expect((await change(customer.token, 'not my password 1', 'second password 2')).body).toEqual({
        statusCode: 400,
        message: accountMessages.currentPasswordWrong,
      });
      expect((await change(customer.token, customer.password, 'short1')).status).toBe(400);
      expect((await change(customer.token, customer.password, 'no digits here')).status).toBe(400);
      await signIn(harness(), customer.email, customer.password);
    });

    it('counts wrong current passwords as failed sign-ins: a stolen session cannot guess on', async () => {
      const customer = await registerCustomer(harness());
      const headers = fromNewClientAddress();
      const guess = () =>
        request(harness().baseUrl, 'POST', '/api/account/password', {
          token: customer.token,
          body: { currentPassword: 'a guess 1', newPassword: 'taken over 2' },
          headers,
        });
      for (let i = 0; i < 10; i += 1) expect((await guess()).status).toBe(400);
      const limited = await guess();
      expect(limited.status).toBe(429);
      expect(limited.body.message).toMatch(/Try again in \d+ minutes?\./i);
    });
  });
});

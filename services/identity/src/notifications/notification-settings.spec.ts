import { notificationSettingsSchema } from '@portal/contracts';
import { request, startForSuite } from '@portal/testing';
import { registerCustomer } from '../test/account-helpers';
import { startIdentity } from '../test/identity-harness';

describe('ticket emails setting: /api/account/notifications', () => {
  const harness = startForSuite(() => startIdentity({ seed: false }));
  const call = (method: string, token: string | undefined, body?: unknown) =>
    request<Record<string, unknown>>(harness().baseUrl, method, '/api/account/notifications', {
      token,
      body,
    });

  it('is on by default, turns off and on again, and stays as the account left it', async () => {
    const customer = await registerCustomer(harness());
    const other = await registerCustomer(harness());
    const initial = await call('GET', customer.token);
    expect(initial.status).toBe(200);
    expect(initial.headers.get('cache-control')).toBe('no-store');
    expect(notificationSettingsSchema.parse(initial.body)).toEqual({ ticketEmails: true });

    expect(await call('PUT', customer.token, { ticketEmails: false })).toMatchObject({
      status: 200,
      body: { ticketEmails: false },
    });
    expect((await call('GET', customer.token)).body).toEqual({ ticketEmails: false });
    // Only the caller's own account changes.
    expect((await call('GET', other.token)).body).toEqual({ ticketEmails: true });

    expect((await call('PUT', customer.token, { ticketEmails: true })).body).toEqual({ ticketEmails: true });
    expect((await call('GET', customer.token)).body).toEqual({ ticketEmails: true });
  });

  it('refuses anything but a boolean, and any other field, with a 400 that says so', async () => {
    const customer = await registerCustomer(harness());
    for (const body of [
      {},
      { ticketEmails: 'false' },
      { ticketEmails: null },
      { ticketEmails: false, userId: 'x' },
    ]) {
      expect((await call('PUT', customer.token, body)).status).toBe(400);
    }
    expect((await call('PUT', customer.token, { ticketEmails: 1 })).body).toEqual({
      statusCode: 400,
      message: 'ticketEmails must be true or false',
    });
    expect((await call('GET', customer.token)).body).toEqual({ ticketEmails: true });
  });

  it('needs a signed-in account', async () => {
    expect((await call('GET', undefined)).status).toBe(401);
    expect((await call('PUT', undefined, { ticketEmails: false })).status).toBe(401);
  });
});

import { authMessages } from '@portal/auth';
import { request, startForSuite, uniqueEmail } from '@portal/testing';
import { startIdentityWithOrdersProbe } from '../test/orders-probe';

/**
 * The whole path of a sign-out, on real infrastructure: identity issues a token, another service
 * (built with libs/auth against identity's JWKS) honours it; after sign-out at identity, the outbox
 * relay publishes `portal.sessions.revoked` to JetStream and that service refuses the token too.
 */
describe('signing out ends the session in every service', () => {
  const stack = startForSuite(startIdentityWithOrdersProbe);

  it('is honoured by the other service until identity signs it out, then refused there too', async () => {
    const { identity, orders, refusedByProbe } = stack();
    const registered = await request(identity.baseUrl, 'POST', '/api/auth/register', {
      body: { name: 'Everywhere', email: uniqueEmail('everywhere'), password: 'everywhere1' },
    });
    const token = registered.body.token as string;
    const me = await request(identity.baseUrl, 'GET', '/api/auth/me', { token });
    expect(await orders(token)).toMatchObject({ status: 200, body: { owner: me.body.id } });

    expect((await request(identity.baseUrl, 'POST', '/api/auth/logout', { token })).status).toBe(204);
    expect((await request(identity.baseUrl, 'GET', '/api/auth/me', { token })).status).toBe(401);

    const answer = await refusedByProbe(token, 'the other service to refuse the signed-out token');
    expect(answer).toMatchObject({ status: 401, body: { message: authMessages.sessionEnded } });
  });
});

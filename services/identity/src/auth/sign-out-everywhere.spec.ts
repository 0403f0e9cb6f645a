import { Controller, Get, Module, UseGuards } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { type AuthenticatedUser, authMessages, AuthModule, CurrentUser, identityJwksUrl, JwtAuthGuard } from '@portal/auth';
import { createServiceApp } from '@portal/nest-http';
import { request, type ServiceHarness, testNatsUrl, uniqueEmail, waitFor } from '@portal/testing';
import { startIdentity } from '../test/identity-harness';

@Controller('orders')
class OrdersController {
  @Get()
  @UseGuards(JwtAuthGuard)
  list(@CurrentUser() user: AuthenticatedUser) {
    return { owner: user.id };
  }
}

/**
 * The whole path of a sign-out, on real infrastructure: identity issues a token, another service
 * (built with libs/auth against identity's JWKS) honours it; after sign-out at identity, the outbox
 * relay publishes `portal.sessions.revoked` to JetStream and that service refuses the token too.
 */
describe('signing out ends the session in every service', () => {
  let identity: ServiceHarness;
  let service: NestFastifyApplication;
  let serviceUrl: string;

  beforeAll(async () => {
    identity = await startIdentity({ seed: false, natsUrl: testNatsUrl() });
    @Module({
      imports: [AuthModule.forRoot({ jwksUrl: identityJwksUrl(identity.baseUrl), natsUrl: testNatsUrl() })],
      controllers: [OrdersController],
    })
    class OrdersModule {}
    service = await createServiceApp(OrdersModule, { name: 'orders-probe', logLevel: 'silent' });
    await service.listen(0, '127.0.0.1');
    serviceUrl = await service.getUrl();
  });

  afterAll(async () => {
    await service?.close();
    await identity?.close();
  });

  it('is honoured by the other service until identity signs it out, then refused there too', async () => {
    const registered = await request(identity.baseUrl, 'POST', '/api/auth/register', {
      body: { name: 'Everywhere', email: uniqueEmail('everywhere'), password: 'everywhere1' },
    });
    const token = registered.body.token as string;
    const me = await request(identity.baseUrl, 'GET', '/api/auth/me', { token });
    const orders = await request(serviceUrl, 'GET', '/orders', { token });
    expect(orders).toMatchObject({ status: 200, body: { owner: me.body.id } });

    expect((await request(identity.baseUrl, 'POST', '/api/auth/logout', { token })).status).toBe(204);
    expect((await request(identity.baseUrl, 'GET', '/api/auth/me', { token })).status).toBe(401);

    const answer = await waitFor(async () => {
      const polled = await request(serviceUrl, 'GET', '/orders', { token });
      return polled.status !== 200 && polled;
    }, 'the other service to refuse the signed-out token');
    expect(answer).toMatchObject({ status: 401, body: { message: authMessages.sessionEnded } });
  });
});

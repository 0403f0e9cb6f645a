import { Controller, Get, Module, UseGuards } from '@nestjs/common';
import { type AuthenticatedUser, AuthModule, CurrentUser, identityJwksUrl, JwtAuthGuard } from '@portal/auth';
import { createServiceApp } from '@portal/nest-http';
import { request, type ServiceHarness, testNatsUrl, waitFor } from '@portal/testing';
import { startIdentity } from './identity-harness';

@Controller('orders')
class OrdersController {
  @Get()
  @UseGuards(JwtAuthGuard)
  list(@CurrentUser() user: AuthenticatedUser) {
    return { owner: user.id };
  }
}

export interface IdentityWithProbe {
  identity: ServiceHarness;
  /** `GET /orders` at the probe with this token: 200 `{ owner }` while the probe honours it. */
  orders(token: string): ReturnType<typeof request>;
  /** Waits until the probe stops honouring the token, and answers its refusal. */
  refusedByProbe(token: string, what: string): ReturnType<typeof request>;
  close(): Promise<void>;
}

/**
 * identity with NATS, and another service (built with libs/auth against identity's JWKS) that
 * verifies tokens on its own and learns of ended sessions from `portal.sessions.revoked`.
 */
export async function startIdentityWithOrdersProbe(): Promise<IdentityWithProbe> {
  const identity = await startIdentity({ seed: false, natsUrl: testNatsUrl() });
  @Module({
    imports: [AuthModule.forRoot({ jwksUrl: identityJwksUrl(identity.baseUrl), natsUrl: testNatsUrl() })],
    controllers: [OrdersController],
  })
  class OrdersModule {}
  const probe = await createServiceApp(OrdersModule, { name: 'orders-probe', logLevel: 'silent' })
    .then(async (app) => {
      await app.listen(0, '127.0.0.1');
      return app;
    })
    .catch(async (error: unknown) => {
      await identity.close();
      throw error;
    });
  const probeUrl = await probe.getUrl();
  const orders = (token: string) => request(probeUrl, 'GET', '/orders', { token });
  return {
    identity,
    orders,
    refusedByProbe: async (token, what) =>
      (await waitFor(async () => {
        const polled = await orders(token);
        return polled.status !== 200 && polled;
      }, what)) as Awaited<ReturnType<typeof orders>>,
    async close() {
      await probe.close();
      await identity.close();
    },
  };
}

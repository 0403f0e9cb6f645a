import { accountMessages, accountSessionsResponseSchema } from '@portal/contracts';
import { authMessages } from '@portal/auth';
import { request, startForSuite } from '@portal/testing';
import { registerCustomer, signIn } from '../test/account-helpers';
import { startIdentityWithOrdersProbe } from '../test/orders-probe';

const MAC_CHROME =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

describe("an account's sessions", () => {
  // identity, and a service that verifies tokens on its own and learns of ended sessions from
  // portal.sessions.revoked.
  const stack = startForSuite(startIdentityWithOrdersProbe);
  const identity = () => stack().identity;

  const call = (method: string, path: string, token: string) =>
    request(identity().baseUrl, method, path, { token });
  const meStatus = async (token: string) => (await call('GET', '/api/auth/me', token)).status;

  it('lists where and when each is signed in, the current one first', async () => {
    const customer = await registerCustomer(identity(), { userAgent: MAC_CHROME });
    const phone = await signIn(identity(), customer.email, customer.password, {
      'x-forwarded-for': '203.0.113.7',
      'user-agent': IPHONE_SAFARI,
    });

    const response = await call('GET', '/api/account/sessions', phone);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const sessions = accountSessionsResponseSchema.parse(response.body);
    expect(sessions).toEqual([
      {
        id: expect.any(String),
        current: true,
        browser: 'Safari on iOS',
        address: '203.0.113.7',
        signedInAt: expect.any(String),
        lastSeenAt: expect.any(String),
      },
      {
        id: expect.any(String),
        current: false,
        browser: 'Chrome on macOS',
        address: expect.stringMatching(/^198\.51\.100\.\d+$/),
        signedInAt: expect.any(String),
        lastSeenAt: expect.any(String),
      },
    ]);
    // Another account sees only its own.
    const other = await registerCustomer(identity());
    const others = (await call('GET', '/api/account/sessions', other.token)).body as unknown as {
      id: string;
    }[];
    expect(others).toHaveLength(1);
    expect(others[0]!.id).not.toBe(sessions[0]!.id);
  });

  it('keeps lastSeenAt to the minute: written when a session is used a minute or more after it was last seen', async () => {
    const customer = await registerCustomer(identity());
    const [{ sid }] = await identity().dataSource.query(
      `SELECT sid FROM sessions WHERE sess->>'userId' = $1`,
      [customer.id],
    );
    await identity().dataSource.query(
      `UPDATE sessions SET sess = sess || jsonb_build_object('createdAt', $2::text, 'lastSeenAt', $2::text) WHERE sid = $1`,
      [sid, '2026-01-01T10:00:00.000Z'],
    );
    const before = Date.now();
    expect(await meStatus(customer.token)).toBe(200);
    const [listed] = (await call('GET', '/api/account/sessions', customer.token)).body as unknown as {
      signedInAt: string;
      lastSeenAt: string;
    }[];
    expect(listed!.signedInAt).toBe('2026-01-01T10:00:00.000Z');
    const seen = Date.parse(listed!.lastSeenAt);
    expect(seen).toBeGreaterThanOrEqual(before - 1000);

    // Used again within the minute: not written again.
    expect(await meStatus(customer.token)).toBe(200);
    const [{ lastSeenAt }] = await identity().dataSource.query(
      `SELECT sess->>'lastSeenAt' AS "lastSeenAt" FROM sessions WHERE sid = $1`,
      [sid],
    );
    expect(lastSeenAt).toBe(listed!.lastSeenAt);
  });

  it("signs one of its own sessions out, and answers 404 for another account's or an ended one", async () => {
    const customer = await registerCustomer(identity());
    const laptop = await signIn(identity(), customer.email, customer.password);
    const stranger = await registerCustomer(identity());
    const sessions = (await call('GET', '/api/account/sessions', customer.token)).body as unknown as {
      id: string;
      current: boolean;
    }[];
    const laptopSession = sessions.find((session) => !session.current)!;
    const strangerSession = (
      (await call('GET', '/api/account/sessions', stranger.token)).body as unknown as { id: string }[]
    )[0]!;

    const notFound = { statusCode: 404, message: accountMessages.sessionNotFound };
    expect(
      (await call('DELETE', `/api/account/sessions/${strangerSession.id}`, customer.token)).body,
    ).toEqual(notFound);
    expect(await meStatus(stranger.token)).toBe(200);
    expect((await call('DELETE', '/api/account/sessions/not-a-session', customer.token)).body).toEqual(
      notFound,
    );

    expect((await call('DELETE', `/api/account/sessions/${laptopSession.id}`, customer.token)).status).toBe(
      204,
    );
    expect(await meStatus(laptop)).toBe(401);
    expect(await meStatus(customer.token)).toBe(200);
    expect((await call('DELETE', `/api/account/sessions/${laptopSession.id}`, customer.token)).body).toEqual(
      notFound,
    );
  });

  it('cuts a stolen session with "sign out all others": refused by identity and by a service verifying on its own', async () => {
    const customer = await registerCustomer(identity());
    const stolen = await signIn(identity(), customer.email, customer.password, {
      'x-forwarded-for': '192.0.2.66',
    });
    const alsoStolen = await signIn(identity(), customer.email, customer.password, {
      'x-forwarded-for': '192.0.2.67',
    });
    expect(await stack().orders(stolen)).toMatchObject({
      status: 200,
      body: { owner: customer.id },
    });

    const response = await call('POST', '/api/account/sessions/sign-out-others', customer.token);
    expect(response).toMatchObject({ status: 200, body: { signedOut: 2 } });

    expect(await meStatus(stolen)).toBe(401);
    expect(await meStatus(alsoStolen)).toBe(401);
    expect((await call('GET', '/api/account', stolen)).status).toBe(401);
    expect(await meStatus(customer.token)).toBe(200);
    const answer = await stack().refusedByProbe(stolen, 'the other service to refuse the stolen token');
    expect(answer).toMatchObject({ status: 401, body: { message: authMessages.sessionEnded } });
    expect((await stack().orders(customer.token)).status).toBe(200);

    // Nothing else to sign out now.
    expect((await call('POST', '/api/account/sessions/sign-out-others', customer.token)).body).toEqual({
      signedOut: 0,
    });
  });
});

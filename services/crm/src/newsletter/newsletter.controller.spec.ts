import { fromNewClientAddress, request, startForSuite, uniqueEmail } from '@portal/testing';
import { startCrm } from '../test/crm-harness';

describe('POST /api/newsletter', () => {
  const harness = startForSuite(() => startCrm({ limits: { newsletterPer10Minutes: 2 } }));
  const subscribe = (body: unknown, headers: Record<string, string> = fromNewClientAddress()) =>
    request(harness().baseUrl, 'POST', '/api/newsletter', { body, headers });
  const rowsFor = async (email: string) =>
    (await harness().dataSource.query(
      'SELECT email FROM newsletter_subscriptions WHERE lower(email) = lower($1)',
      [email],
    )) as { email: string }[];

  it('adds a new address with a 201, then says it is already there in any case with a 200', async () => {
    const email = uniqueEmail('Reader');
    const added = await subscribe({ email: ` ${email} ` });
    expect(added.status).toBe(201);
    expect(added.body).toEqual({ subscribed: true, message: "Thanks! You're subscribed." });

    for (const again of [email, email.toUpperCase()]) {
      const repeat = await subscribe({ email: again });
      expect(repeat.status).toBe(200);
      expect(repeat.body).toEqual({ subscribed: false, message: "You're already subscribed." });
    }
    expect(await rowsFor(email)).toEqual([{ email }]);
  });

  it('adds an address once when it signs up many times at once', async () => {
    const email = uniqueEmail('burst');
    const responses = await Promise.all(Array.from({ length: 8 }, () => subscribe({ email })));
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 201]);
    expect(await rowsFor(email)).toHaveLength(1);
  });

  it('refuses a bad address and unknown fields', async () => {
    expect((await subscribe({ email: 'not-an-email' })).body).toEqual({
      statusCode: 400,
      message: 'Please enter a valid email address',
    });
    expect((await subscribe({ email: uniqueEmail(), name: 'x' })).body).toEqual({
      statusCode: 400,
      message: 'Unrecognized key: "name"',
    });
  });

  it('limits sign-ups per address with a 429 and Retry-After', async () => {
    const address = { 'x-forwarded-for': '203.0.113.8' };
    expect((await subscribe({ email: uniqueEmail() }, address)).status).toBe(201);
    expect((await subscribe({ email: uniqueEmail() }, address)).status).toBe(201);
    const limited = await subscribe({ email: uniqueEmail() }, address);
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({
      statusCode: 429,
      message: 'Too many sign-up attempts from your network. Please try again in 10 minutes.',
    });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(590);
  });
});

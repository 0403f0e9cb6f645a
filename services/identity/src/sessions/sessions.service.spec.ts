import { subjects } from '@portal/contracts';
import { request, startForSuite, uniqueEmail } from '@portal/testing';
import { startIdentity } from '../test/identity-harness';
import { revokeSessionsAfterCredentialChange } from './sessions.service';

describe('revoking every session of a user after a credential change', () => {
  const harness = startForSuite(() => startIdentity({ seed: false }));

  /** A new customer with two sessions (sign-up and a sign-in): their tokens and the user id. */
  async function customerWithTwoSessions() {
    const email = uniqueEmail('revoke');
    const password = 'revoke-me-1';
    const registered = await request(harness().baseUrl, 'POST', '/api/auth/register', {
      body: { name: 'Revoked', email, password },
    });
    const signedIn = await request(harness().baseUrl, 'POST', '/api/auth/login', {
      body: { email, password },
    });
    return {
      userId: (signedIn.body.user as { id: string }).id,
      tokens: [registered.body.token as string, signedIn.body.token as string],
    };
  }

  const meStatus = async (token: string) =>
    (await request(harness().baseUrl, 'GET', '/api/auth/me', { token })).status;

  it('ends all of that user’s sessions, announces each through the outbox, and leaves other users alone', async () => {
    const target = await customerWithTwoSessions();
    const bystander = await customerWithTwoSessions();

    const revoked = await harness().dataSource.transaction((manager) =>
      revokeSessionsAfterCredentialChange(manager, target.userId),
    );

    expect(revoked).toBe(2);
    for (const token of target.tokens) expect(await meStatus(token)).toBe(401);
    for (const token of bystander.tokens) expect(await meStatus(token)).toBe(200);
    const events: { data: { userId: string; sessionId: string } }[] = await harness().dataSource.query(
      `SELECT data FROM outbox WHERE subject = $1 AND data->>'userId' = $2`,
      [subjects.sessionRevoked, target.userId],
    );
    expect(events).toHaveLength(2);
    expect(new Set(events.map((event) => event.data.sessionId)).size).toBe(2);
  });

  it('commits with the caller’s transaction: a rolled-back change keeps the sessions', async () => {
    const target = await customerWithTwoSessions();
    await expect(
      harness().dataSource.transaction(async (manager) => {
        await revokeSessionsAfterCredentialChange(manager, target.userId);
        throw new Error('the password change failed');
      }),
    ).rejects.toThrow('the password change failed');
    for (const token of target.tokens) expect(await meStatus(token)).toBe(200);
  });
});

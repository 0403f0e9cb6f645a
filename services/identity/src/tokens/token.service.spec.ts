import { MAX_ACCESS_TOKEN_LIFETIME_SECONDS } from '@portal/contracts';
import { sleep } from '@portal/testing';
import { testAuthConfig } from '../test/identity-harness';
import { TokenService } from './token.service';

describe('TokenService', () => {
  const subject = {
    userId: '0b8f3a52-44c1-4d7e-9a57-2f1f5b6c7d8e',
    sessionId: '7c2d9e10-3b4a-4c5d-8e6f-9a0b1c2d3e4f',
    role: 'customer' as const,
    organizationId: null,
    orgRole: null,
    membershipVersion: 0,
  };

  async function service() {
    const tokens = new TokenService({ auth: testAuthConfig() });
    await tokens.onModuleInit();
    return tokens;
  }

  it('verifies what it signed, with the claims services rely on', async () => {
    const tokens = await service();
    const expiresAt = new Date(Date.now() + 60_000);
    const claims = await tokens.verify(await tokens.sign(subject, expiresAt));
    expect(claims).toMatchObject({
      sub: subject.userId,
      sid: subject.sessionId,
      role: 'customer',
      org: null,
      orgRole: null,
      mv: 0,
    });
    expect(claims?.exp).toBe(Math.floor(expiresAt.getTime() / 1000));
  });

  it("carries the organization the token acts in, the member's role there and the membership's version", async () => {
    const tokens = await service();
    const member = {
      ...subject,
      organizationId: '5a1c2e3f-4b5d-4e6f-8a7b-9c0d1e2f3a4b',
      orgRole: 'billing' as const,
      membershipVersion: 42,
    };
    const claims = await tokens.verify(await tokens.sign(member, new Date(Date.now() + 60_000)));
    expect(claims).toMatchObject({ org: member.organizationId, orgRole: 'billing', mv: 42 });
  });

  it('stops honouring a remembered token once it expires', async () => {
    const tokens = await service();
    const token = await tokens.sign(subject, new Date(Date.now() + 2_000));
    expect(await tokens.verify(token)).not.toBeNull();
    expect(await tokens.verify(token)).not.toBeNull();
    await sleep(2_100);
    expect(await tokens.verify(token)).toBeNull();
  });

  it('refuses a token that lives longer than the shared maximum, as every other service does', async () => {
    const tokens = await service();
    const tooLong = new Date(Date.now() + (MAX_ACCESS_TOKEN_LIFETIME_SECONDS + 60) * 1000);
    expect(await tokens.verify(await tokens.sign(subject, tooLong))).toBeNull();
    const longest = new Date(Date.now() + MAX_ACCESS_TOKEN_LIFETIME_SECONDS * 1000);
    expect(await tokens.verify(await tokens.sign(subject, longest))).not.toBeNull();
  });

  it('refuses a token of another identity key', async () => {
    const [mine, theirs] = await Promise.all([service(), service()]);
    expect(await mine.verify(await theirs.sign(subject, new Date(Date.now() + 60_000)))).toBeNull();
  });
});

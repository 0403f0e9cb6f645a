import { teamAuditResponseSchema } from '@portal/contracts';
import { startForSuite } from '@portal/testing';
import { startIdentity } from '../../test/identity-harness';
import { addMember, signUpOwner, teamCall } from '../../test/team-helpers';
import { AUDIT_CURSOR_INVALID_MESSAGE } from './team-audit.controller';

describe('GET /api/team/audit', () => {
  const harness = startForSuite(() => startIdentity({ seed: false }));
  const audit = async (token: string, query = '') =>
    teamCall(harness(), 'GET', `/api/team/audit${query}`, token);

  it('shows who did what when, newest first, to every member of the organization only', async () => {
    const owner = await signUpOwner(harness(), 'Ana Ruiz');
    const member = await addMember(harness(), owner.token, 'member', 'Bo Li');
    await teamCall(harness(), 'PATCH', `/api/team/members/${member.id}`, owner.token, { role: 'billing' });

    const response = await audit(owner.token);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const page = teamAuditResponseSchema.parse(response.body);
    expect(page.nextCursor).toBeNull();
    expect(
      page.entries.map(({ action, actorName, subject, summary }) => ({
        action,
        actorName,
        subject,
        summary,
      })),
    ).toEqual([
      {
        action: 'member.role_changed',
        actorName: 'Ana Ruiz',
        subject: 'Bo Li',
        summary: "Ana Ruiz changed Bo Li's role from Member to Billing",
      },
      { action: 'member.joined', actorName: 'Bo Li', subject: 'Bo Li', summary: 'Bo Li joined as Member' },
      {
        action: 'member.invited',
        actorName: 'Ana Ruiz',
        subject: member.email,
        summary: `Ana Ruiz invited ${member.email} as Member`,
      },
    ]);
    const times = page.entries.map((entry) => Date.parse(entry.at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(times[0]).toBeGreaterThan(Date.now() - 60_000);

    const other = await signUpOwner(harness());
    expect(teamAuditResponseSchema.parse((await audit(other.token)).body).entries).toEqual([]);
  });

  it('pages 50 entries at a time with an opaque cursor, entries written in the same instant included', async () => {
    const owner = await signUpOwner(harness());
    // 120 entries, 40 of them sharing one instant: the cursor must neither skip nor repeat any.
    await harness().dataSource.query(
      `INSERT INTO organization_audit (organization_id, actor_name, action, subject, summary, at)
       SELECT $1, 'Ana Ruiz', 'member.left', 'n' || n, 'entry ' || n,
              CASE WHEN n <= 40 THEN timestamptz '2026-11-01 10:00:00.123456+00'
                   ELSE timestamptz '2026-11-01 10:00:00+00' + make_interval(secs => n) END
         FROM generate_series(1, 120) AS n`,
      [owner.organizationId],
    );
    const seen: string[] = [];
    let cursor: string | null = '';
    let pages = 0;
    while (cursor !== null) {
      const response = await audit(owner.token, cursor ? `?cursor=${cursor}` : '');
      expect(response.status).toBe(200);
      const page = teamAuditResponseSchema.parse(response.body);
      expect(page.entries.length).toBeLessThanOrEqual(50);
      seen.push(...page.entries.map((entry) => entry.subject));
      cursor = page.nextCursor;
      pages += 1;
    }
    expect(pages).toBe(3);
    expect(seen).toHaveLength(120);
    expect(new Set(seen).size).toBe(120);
    expect(seen.slice(0, 80)).toEqual(Array.from({ length: 80 }, (_, index) => `n${120 - index}`));
  });

  it('answers 400 for a cursor it did not make', async () => {
    const owner = await signUpOwner(harness());
    for (const cursor of [
      'not-a-cursor',
      Buffer.from('2026-02-30T10:00:00.000000Z 00000000-0000-4000-8000-000000000001').toString('base64url'),
      Buffer.from("2026-11-01T10:00:00.000000Z ' OR 1=1 --").toString('base64url'),
      '%00',
    ]) {
      expect(await audit(owner.token, `?cursor=${cursor}`)).toMatchObject({
        status: 400,
        body: { statusCode: 400, message: AUDIT_CURSOR_INVALID_MESSAGE },
      });
    }
    expect((await audit(owner.token, '?cursor=a&cursor=b')).status).toBe(400);
  });
});

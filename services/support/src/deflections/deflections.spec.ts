import { deflectionMessages, deflectionStatsSchema } from '@portal/contracts';
import { HELP_ARTICLE_IDS } from '@portal/help-center';
import { type JsonResponse, request, startForSuite } from '@portal/testing';
import { type Customer, startSupport } from '../test/support-harness';

type Answer = JsonResponse<Record<string, unknown> & { statusCode?: number; message?: string }>;

describe('deflections', () => {
  const stack = startForSuite(startSupport);
  let alice: Customer;
  let bob: Customer;
  let staff: Customer;
  const [first, second] = HELP_ARTICLE_IDS;

  const call = (method: string, path: string, who?: Customer, body?: unknown): Promise<Answer> =>
    request(stack().service.baseUrl, method, path, { token: who?.token, body });
  const deflect = (who: Customer, body: unknown) => call('POST', '/api/support/deflections', who, body);
  const stats = async () => {
    const answer = await call('GET', '/api/support/staff/deflections', staff);
    expect(answer.status).toBe(200);
    return deflectionStatsSchema.parse(answer.body);
  };
  const tickets = async () =>
    ((await stack().service.dataSource.query('SELECT count(*)::int AS n FROM tickets')) as { n: number }[])[0]
      .n;

  beforeAll(async () => {
    [alice, bob, staff] = await Promise.all([stack().signIn(), stack().signIn(), stack().signIn('admin')]);
  });

  it("counts 'This solved it' once per member, article and day, opens no ticket, and shows staff the figure", async () => {
    const before = await stats();
    const ticketsBefore = await tickets();
    expect(await deflect(alice, { articleId: first, query: 'how fast can we start' })).toMatchObject({
      status: 201,
      body: { counted: true },
    });
    expect((await deflect(alice, { articleId: first, query: 'again' })).status).toBe(201);
    expect((await deflect(bob, { articleId: first })).status).toBe(201);
    expect((await deflect(bob, { articleId: second })).status).toBe(201);

    const after = await stats();
    expect(after.total - before.total).toBe(3);
    expect(after.last30Days - before.last30Days).toBe(3);
    const countOf = (figures: typeof after, id: string) =>
      figures.byArticle.find((row) => row.articleId === id)?.count ?? 0;
    expect(countOf(after, first) - countOf(before, first)).toBe(2);
    expect(countOf(after, second) - countOf(before, second)).toBe(1);
    expect(await tickets()).toBe(ticketsBefore);
  });

  it('refuses an unknown article (404), a malformed one or extra fields (400), and keeps customers from the figure', async () => {
    expect(await deflect(alice, { articleId: 'no-such-article-here' })).toMatchObject({
      status: 404,
      body: { message: deflectionMessages.articleNotFound },
    });
    for (const body of [
      {},
      { articleId: '../etc' },
      { articleId: first, ticketId: 'x' },
      { articleId: first, query: 'x'.repeat(201) },
    ]) {
      expect({ body, status: (await deflect(alice, body)).status }).toEqual({ body, status: 400 });
    }
    expect((await call('GET', '/api/support/staff/deflections', alice)).status).toBe(403);
    expect((await call('POST', '/api/support/deflections', undefined, { articleId: first })).status).toBe(
      401,
    );
  });
});

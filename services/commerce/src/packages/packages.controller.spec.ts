import { createHash } from 'node:crypto';
import { type CatalogPackage, events, packageListResponseSchema } from '@portal/contracts';
import { itMountsTheHealthCheck, sleep, startForSuite, waitFor } from '@portal/testing';
import { startCommerce } from '../test/commerce-harness';
import { catalog, seedCatalog } from './catalog.seed';

describe('GET /api/packages', () => {
  const stack = startForSuite(startCommerce);
  const query = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) =>
    stack().service.dataSource.query(sql, params) as Promise<T[]>;
  const get = (headers: Record<string, string> = {}) =>
    fetch(`${stack().service.baseUrl}/api/packages`, { headers });
  const priceOf = async (response: Response, id = catalog[0].id) =>
    ((await response.json()) as CatalogPackage[]).find((each) => each.id === id)?.price;

  /** Polls until the catalog shows `price` for the first package; answers how long that took. */
  async function msUntilPrice(price: string, timeoutMs: number): Promise<number> {
    const started = performance.now();
    await waitFor(async () => (await priceOf(await get())) === price, `price ${price}`, timeoutMs);
    return performance.now() - started;
  }

  afterEach(() => seedCatalog(stack().service.dataSource));

  it('lists the packages on sale in catalog order, money as decimal strings, revalidated before each use', async () => {
    await query(
      `INSERT INTO packages (name, price, features, is_active) VALUES ('Retired Plan', 10.00, '[]', false)`,
    );
    const response = await get();
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, no-cache');
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const packages = packageListResponseSchema.parse(await response.json());
    expect(packages.map((each) => [each.name, each.price])).toEqual([
      ['Inbound Support', '1499.00'],
      ['Outbound Sales', '1999.00'],
      ['AI Automation', '999.00'],
      ['Digital Marketing', '1299.00'],
    ]);
    expect(packages.map((each) => each.id)).toEqual(catalog.map((entry) => entry.id));
    for (const each of packages) {
      expect(each.isActive).toBe(true);
      expect(each.description.length).toBeGreaterThan(40);
      expect(each.features.length).toBeGreaterThanOrEqual(4);
      expect(each.features.length).toBeLessThanOrEqual(6);
    }
  });

  it('carries a strong ETag, the SHA-256 of the body, and answers 304 to a request naming it', async () => {
    const response = await get();
    const body = Buffer.from(await response.arrayBuffer());
    const etag = response.headers.get('etag');
    expect(etag).toBe(`"${createHash('sha256').update(body).digest('base64url')}"`);

    for (const ifNoneMatch of [etag!, `W/${etag}`, `"older", ${etag}`, '*']) {
      const again = await get({ 'if-none-match': ifNoneMatch });
      expect(again.status).toBe(304);
      expect(again.headers.get('etag')).toBe(etag);
      expect(again.headers.get('cache-control')).toBe('public, no-cache');
      expect(await again.text()).toBe('');
    }
    const other = await get({ 'if-none-match': '"older"' });
    expect(other.status).toBe(200);
    expect(Buffer.from(await other.arrayBuffer()).equals(body)).toBe(true);
  });

  it('serves a price changed by plain SQL at once, under a new ETag', async () => {
    const before = await get();
    const etag = before.headers.get('etag')!;
    expect(await priceOf(before)).toBe('1499.00');

    await query('UPDATE packages SET price = 1234.00 WHERE id = $1', [catalog[0].id]);
    expect(await msUntilPrice('1234.00', 1000)).toBeLessThan(200);
    const after = await get({ 'if-none-match': etag });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(etag);
  });

  it('answers from memory: a change the triggers do not announce is not seen until one is', async () => {
    // The last test's reseed is announced too: its notifications must all have dropped the copy before
    // the one this test relies on is made (on a busy machine they came after it, which read 1111).
    await msUntilPrice('1499.00', 5000);
    await sleep(1000);
    await get();
    await query('ALTER TABLE packages DISABLE TRIGGER USER');
    try {
      await query('UPDATE packages SET price = 1111.00 WHERE id = $1', [catalog[0].id]);
      await sleep(300);
      expect(await priceOf(await get())).toBe('1499.00');
    } finally {
      await query('ALTER TABLE packages ENABLE TRIGGER USER');
    }
    await query('UPDATE packages SET name = name, description = description || $2 WHERE id = $1', [
      catalog[1].id,
      ' ',
    ]);
    expect(await msUntilPrice('1111.00', 1000)).toBeLessThan(200);
  });

  it('reads the table on each request while its notifications cannot arrive, then listens again', async () => {
    await get();
    const listener = () =>
      query<{ pid: number }>(
        `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'catalog-changes'`,
      );
    const [{ pid }] = await listener();
    await query('SELECT pg_terminate_backend($1)', [pid]);
    await waitFor(async () => (await listener()).length === 0, 'the listening connection gone', 2000);

    // It reconnects after at least 400 ms: until then, only a read of the table per request sees these.
    for (const price of ['2222.00', '2223.00']) {
      await query('UPDATE packages SET price = $2 WHERE id = $1', [catalog[0].id, price]);
      expect(await priceOf(await get())).toBe(price);
    }
    expect(await listener()).toHaveLength(0);

    await waitFor(async () => (await listener()).length === 1, 'a new listening connection', 5000);
    await query('UPDATE packages SET price = 3333.00 WHERE id = $1', [catalog[0].id]);
    expect(await msUntilPrice('3333.00', 1000)).toBeLessThan(200);
  });

  it('announces each change once per transaction in the outbox as portal.catalog.changed, and nothing for a no-op', async () => {
    const announced = async () =>
      query<{ subject: string; type: string; version: number; data: unknown }>(
        'SELECT subject, type, version, data FROM outbox WHERE subject = $1 ORDER BY seq',
        [events.catalogChanged.subject],
      );
    const before = (await announced()).length;

    // The seed of an unchanged catalog (it runs on every start) changes nothing.
    await seedCatalog(stack().service.dataSource);
    await query('UPDATE packages SET price = price');
    expect(await announced()).toHaveLength(before);

    // Four rows in one statement, then an insert and a delete in one transaction: two events.
    await query('UPDATE packages SET price = price + 1');
    await stack().service.dataSource.transaction(async (manager) => {
      const [{ id }] = await manager.query(
        `INSERT INTO packages (name, price, features) VALUES ('Pilot', 10.00, '[]') RETURNING id`,
      );
      await manager.query('DELETE FROM packages WHERE id = $1', [id]);
    });
    // A rolled-back change announces nothing.
    await stack()
      .service.dataSource.transaction(async (manager) => {
        await manager.query('UPDATE packages SET price = 1.00');
        throw new Error('rolled back');
      })
      .catch(() => undefined);

    const rows = (await announced()).slice(before);
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row).toMatchObject({ type: events.catalogChanged.type, version: events.catalogChanged.version });
      expect(events.catalogChanged.data.safeParse(row.data).success).toBe(true);
    }
  });

  it('seeds idempotently: a second run changes nothing and puts edited packages back', async () => {
    const packageCount = async () =>
      (await query<{ n: number }>('SELECT count(*)::int AS n FROM packages'))[0].n;
    const before = await packageCount();
    await query(`UPDATE packages SET price = 1.00, is_active = false WHERE id = $1`, [catalog[0].id]);
    await seedCatalog(stack().service.dataSource);
    const [row] = await query('SELECT price, is_active FROM packages WHERE id = $1', [catalog[0].id]);
    expect(row).toEqual({ price: '1499.00', is_active: true });
    expect(await packageCount()).toBe(before);
  });

  itMountsTheHealthCheck(() => stack().service.baseUrl);
});

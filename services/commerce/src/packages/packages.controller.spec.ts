import { packageListResponseSchema } from '@portal/contracts';
import { itMountsTheHealthCheck, startForSuite } from '@portal/testing';
import { startCommerce } from '../test/commerce-harness';
import { catalog, seedCatalog } from './catalog.seed';

describe('GET /api/packages', () => {
  const stack = startForSuite(startCommerce);

  it('lists the packages on sale in catalog order, money as decimal strings, cacheable for a minute', async () => {
    await stack().service.dataSource.query(
      `INSERT INTO packages (name, price, features, is_active) VALUES ('Retired Plan', 10.00, '[]', false)`,
    );
    const response = await fetch(`${stack().service.baseUrl}/api/packages`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=60');
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

  it('seeds idempotently: a second run changes nothing and puts edited packages back', async () => {
    const packageCount = async () =>
      (await stack().service.dataSource.query('SELECT count(*)::int AS n FROM packages'))[0].n as number;
    const before = await packageCount();
    await stack().service.dataSource.query(
      `UPDATE packages SET price = 1.00, is_active = false WHERE id = $1`,
      [catalog[0].id],
    );
    await seedCatalog(stack().service.dataSource);
    const [row] = await stack().service.dataSource.query(
      'SELECT price, is_active FROM packages WHERE id = $1',
      [catalog[0].id],
    );
    expect(row).toEqual({ price: '1499.00', is_active: true });
    expect(await packageCount()).toBe(before);
  });

  itMountsTheHealthCheck(() => stack().service.baseUrl);
});

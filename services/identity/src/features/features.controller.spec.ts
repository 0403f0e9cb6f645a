import { featureListResponseSchema } from '@portal/contracts';
import { postRawBody, sleep, startForSuite } from '@portal/testing';
import { startIdentity } from '../test/identity-harness';
import { FEATURE_CATALOG } from './feature-catalog';
import { seedFeatures } from './features.seed';
import { FEATURES_CACHE_MS, FeaturesService } from './features.service';

describe('GET /api/identity/features', () => {
  const harness = startForSuite(startIdentity);

  const listCodes = async () => {
    const res = await fetch(`${harness().baseUrl}/api/identity/features`);
    expect(res.status).toBe(200);
    return featureListResponseSchema.parse(await res.json()).features.map((feature) => feature.code);
  };

  it('lists the seeded features, ordered by code, in the contracts shape', async () => {
    const res = await fetch(`${harness().baseUrl}/api/identity/features`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    const body = featureListResponseSchema.parse(await res.json());
    expect(body.features.map((feature) => feature.code)).toEqual(
      FEATURE_CATALOG.map((feature) => feature.code).sort(),
    );
    expect(body.features).toContainEqual({
      id: expect.any(String),
      code: 'inbound-support',
      name: 'Inbound Support',
      description: '24/7 inbound customer support by phone, email and chat, handled by trained agents.',
    });
  });

  it('serves a change of the features table within a second', async () => {
    await harness().dataSource.query(
      `UPDATE features SET enabled = false WHERE code = 'workforce-management'`,
    );
    await sleep(FEATURES_CACHE_MS + 50);
    expect(await listCodes()).not.toContain('workforce-management');
    await harness().dataSource.query(
      `UPDATE features SET enabled = true WHERE code = 'workforce-management'`,
    );
    harness().app.get(FeaturesService).invalidate();
    expect(await listCodes()).toContain('workforce-management');
  });

  it('leaves out disabled features, and seeding again neither duplicates nor re-enables them', async () => {
    await harness().dataSource.query(`UPDATE features SET enabled = false WHERE code = 'digital-marketing'`);
    harness().app.get(FeaturesService).invalidate();
    expect(await listCodes()).not.toContain('digital-marketing');

    expect(await seedFeatures(harness().dataSource)).toEqual({
      inserted: 0,
      updated: FEATURE_CATALOG.length,
    });
    harness().app.get(FeaturesService).invalidate();
    const [{ n }] = await harness().dataSource.query('SELECT count(*)::int AS n FROM features');
    expect(n).toBe(FEATURE_CATALOG.length);
    expect(await listCodes()).not.toContain('digital-marketing');
    expect(await listCodes()).toHaveLength(FEATURE_CATALOG.length - 1);
  });

  it('echoes the caller x-request-id', async () => {
    const res = await fetch(`${harness().baseUrl}/api/identity/features`, {
      headers: { 'x-request-id': 'bench-42' },
    });
    expect(res.headers.get('x-request-id')).toBe('bench-42');
  });
});

describe('identity errors', () => {
  const harness = startForSuite(() => startIdentity({ seed: false }));

  it('answers an unknown route with 404 JSON', async () => {
    const res = await fetch(`${harness().baseUrl}/api/identity/nothing-here`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(await res.json()).toEqual({ statusCode: 404, message: 'Cannot GET /api/identity/nothing-here' });
  });

  it('answers malformed JSON with 400 and a message', async () => {
    const res = await postRawBody(
      `${harness().baseUrl}/api/identity/features`,
      '{"name": ',
      'application/json',
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      statusCode: 400,
      message: "Body is not valid JSON but content-type is set to 'application/json'",
    });
  });

  it('answers a body over 1 MB with 413 JSON', async () => {
    const oversized = JSON.stringify({ padding: 'x'.repeat(1024 * 1024) });
    const res = await postRawBody(
      `${harness().baseUrl}/api/identity/features`,
      oversized,
      'application/json',
    );
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ statusCode: 413, message: 'Request body is too large' });
  });
});

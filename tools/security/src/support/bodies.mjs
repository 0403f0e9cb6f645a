// fast-check arbitraries of request bodies: mostly shaped like a route's body (its field names, with
// hostile values), some nearly valid (one field spoiled), some any JSON at all, some not JSON.
import fc from 'fast-check';

const notable = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '\ufeff',
  '\u202e',
  '😀'.repeat(50),
  "' OR '1'='1",
  '1; DROP TABLE users;--',
  '"; SELECT pg_sleep(5);--',
  '$where',
  '{"$gt":""}',
  '__proto__',
  'constructor',
  '../../etc/passwd',
  '%00',
  '%s%s%s%n',
  '<script>alert(1)</script>',
  'NaN',
  'Infinity',
  '-0',
  '1e309',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '2026-02-30T25:61:61Z',
  '9999-12-31T23:59:59Z',
  'javascript:alert(1)',
  'http://169.254.169.254/latest/meta-data/',
  'https://example.com/' + 'a'.repeat(3000),
  'a'.repeat(10_001),
];

const specialUnits = fc.constantFrom(
  '\u0000',
  '\ud800',
  '\udc00',
  'a',
  'é',
  '\\',
  "'",
  '"',
  '\n',
  '%',
  '😀',
  '\u2028',
);

export const hostileString = fc.oneof(
  { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 3 },
  { arbitrary: fc.string({ unit: specialUnits, maxLength: 30 }), weight: 3 },
  { arbitrary: fc.constantFrom(...notable), weight: 3 },
  { arbitrary: fc.string({ minLength: 190, maxLength: 6000 }), weight: 1 },
  { arbitrary: fc.uuid(), weight: 2 },
  { arbitrary: fc.emailAddress(), weight: 1 },
  { arbitrary: fc.date({ noInvalidDate: true }).map((date) => date.toISOString()), weight: 1 },
);

const hostileNumber = fc.oneof(
  fc.integer(),
  fc.integer({ min: -2, max: 120 }),
  fc.double(),
  fc.constantFrom(0, -0, 1e308, -1e308, 2 ** 53, 2 ** 31, -(2 ** 31) - 1, 86_401, 0.5, 5e-324),
);

/** Any JSON-ish value a field could hold (NaN and Infinity become null on the wire). */
export const hostileValue = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { arbitrary: hostileString, weight: 5 },
    { arbitrary: hostileNumber, weight: 3 },
    { arbitrary: fc.boolean(), weight: 1 },
    { arbitrary: fc.constant(null), weight: 1 },
    { arbitrary: fc.array(tie('value'), { maxLength: 4 }), weight: 1 },
    { arbitrary: fc.dictionary(hostileString, tie('value'), { maxKeys: 4 }), weight: 1 },
  ),
})).value;

/** Field names the route knows, plus some it does not (prototype keys among them). */
const keyOf = (fields) =>
  fc.oneof(
    { arbitrary: fc.constantFrom(...(fields.length ? fields : ['x'])), weight: 4 },
    {
      arbitrary: fc.constantFrom(
        '__proto__',
        'constructor',
        'prototype',
        'role',
        'userId',
        'price',
        'status',
        'id',
      ),
      weight: 1,
    },
    { arbitrary: hostileString, weight: 1 },
  );

/** `fields` each present or not, each with a hostile value or a value of `good` (field → arbitrary). */
function shaped(fields, good = {}) {
  const entries = Object.fromEntries(
    fields.map((field) => [field, good[field] ? fc.oneof(good[field], hostileValue) : hostileValue]),
  );
  return fc
    .tuple(
      fc.record(entries, { requiredKeys: [] }),
      fc.dictionary(keyOf(fields), hostileValue, { maxKeys: 2 }),
      fc.boolean(),
    )
    .map(([known, extra, withExtra]) => (withExtra ? { ...known, ...extra } : known));
}

/** Values that pass the contract, so a generated body gets past validation now and then. */
function goodValues(route, ctx) {
  const example = route.example(ctx);
  const good = Object.fromEntries(
    Object.entries(example).map(([field, value]) => [field, fc.constant(value)]),
  );
  if (route.itemFields) {
    const line = shaped(route.itemFields, {
      packageId: fc.constantFrom(...ctx.packageIds),
      quantity: fc.integer({ min: 0, max: 101 }),
    });
    good.items = fc.oneof(fc.array(line, { maxLength: 5 }), fc.constant(example.items));
  }
  if (route.dataFields) {
    good.type = fc.constantFrom('call.completed', 'lead.created', 'lead.converted');
    good.data = shaped(route.dataFields, {
      call_id: fc.uuid(),
      lead_id: fc.uuid(),
      duration: fc.integer({ min: -1, max: 90_000 }),
    });
    good.occurred_at = fc.date({ noInvalidDate: true }).map((date) => date.toISOString());
  }
  return good;
}

/** A JSON text nested `depth` deep. */
const nested = (depth, open, close) => open.repeat(depth) + close.repeat(depth);

/** Bodies that are not JSON a schema could read: broken JSON, prototype pollution, very deep nesting. */
export const oddText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.constantFrom(
    '',
    '{',
    '{"a":',
    '[1,2',
    'null',
    'true',
    '"just a string"',
    '12345678901234567890123456789',
    '{"__proto__":{"role":"admin"}}',
    '{"constructor":{"prototype":{"role":"admin"}}}',
    '{"a":1,"a":2}',
    '\ufeff{}',
    nested(10_000, '[', ']'),
    nested(100_000, '[', ']'),
    nested(10_000, '{"a":', '}').replace(/}$/, '1}'),
  ),
);

/** Bodies for `route` (JSON text), with the context's real ids and values mixed in. */
export function bodiesFor(route, ctx) {
  const fields = route.fields ?? [];
  const example = route.example ? route.example(ctx) : {};
  const good = route.example ? goodValues(route, ctx) : {};
  const nearlyValid = fc
    .tuple(fc.constantFrom(...(fields.length ? fields : ['x'])), hostileValue)
    .map(([field, value]) => ({ ...route.example?.(ctx), [field]: value }));
  return fc.oneof(
    { arbitrary: shaped(fields, good).map((body) => JSON.stringify(body)), weight: 5 },
    { arbitrary: nearlyValid.map((body) => JSON.stringify(body)), weight: 3 },
    { arbitrary: fc.jsonValue({ maxDepth: 3 }).map((body) => JSON.stringify(body)), weight: 1 },
    { arbitrary: oddText, weight: 1 },
    { arbitrary: fc.constant(JSON.stringify(example)), weight: 1 },
  );
}

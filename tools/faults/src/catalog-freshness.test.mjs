// Issue 22, item 4: the gateway answers GET /api/packages from a copy, and commerce from memory. A
// price an operator changes by plain SQL in commerce's database must reach the gateway's answers at
// once (the table's trigger → commerce's LISTEN and the outbox → portal.catalog.changed on NATS →
// the gateway drops its copy), and within 1 s with NATS stopped (the copy is never served more than
// 1 s after commerce last confirmed it); with commerce killed, no price is served once its copy is
// 1 s old: 503, as for any dead service (ADR 0217).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sleep, waitFor } from '@portal/toolkit/wait';
import { startCheckoutStack } from './support/checkout.mjs';
import { readSubject } from './support/nats.mjs';
import { Scope } from './support/scope.mjs';
import { databasePrefix } from './support/stack.mjs';

/** The longest the gateway serves its copy after commerce confirmed it (gateway/src/catalog-cache). */
const maxAgeMs = 1000;

const scope = new Scope();
let postgres;
let nats;
let stack;
let api;
let packageId;

before(async () => {
  ({ postgres, nats, stack, api } = await startCheckoutStack(scope));
  packageId = (await api.expectOk('GET', '/api/packages'))[0].id;
});

after(() => scope.close());

/** The first package's price as the gateway answers it now. */
const price = async () =>
  (await api.expectOk('GET', '/api/packages')).find((each) => each.id === packageId).price;

/** Sets the price by plain SQL, as an operator would; answers when it was committed (performance.now()). */
async function setPrice(value) {
  await postgres.query(
    'UPDATE packages SET price = $2 WHERE id = $1',
    [packageId, value],
    `${databasePrefix}_commerce`,
  );
  return performance.now();
}

/** Polls the gateway until it answers `value`; answers how long after `since` it did, and how often the old price came first. */
async function firstServed(value, since) {
  let before = 0;
  while ((await price()) !== value) {
    before += 1;
    if (performance.now() - since > 5000) throw new Error(`${value} not served within 5 s`);
    await sleep(5);
  }
  return { ms: performance.now() - since, before };
}

test('a price changed by plain SQL is served by the gateway at once, announced on NATS; within 1 s without NATS', async (t) => {
  // The copy is confirmed just now, so only the announcement can drop it before the next 750 ms.
  await sleep(maxAgeMs + 50);
  assert.equal(await price(), '1499.00');
  const announced = await firstServed('1500.00', await setPrice('1500.00'));
  t.diagnostic(`announced: the new price served ${announced.ms.toFixed(0)} ms after the commit`);
  assert.ok(announced.ms < 300, `${announced.ms} ms`);

  await waitFor(async () => (await readSubject(nats.url, 'portal.catalog.changed')).length > 0, {
    timeoutMs: 5000,
    what: 'portal.catalog.changed on the stream',
  });
  const [event] = (await readSubject(nats.url, 'portal.catalog.changed')).slice(-1);
  assert.equal(event.type, 'catalog.changed');
  assert.equal(event.version, 1);
  assert.deepEqual(event.data, {});

  await nats.stop();
  t.after(() => nats.start());
  await sleep(maxAgeMs + 50);
  assert.equal(await price(), '1500.00');
  const unannounced = await firstServed('1501.00', await setPrice('1501.00'));
  t.diagnostic(
    `NATS stopped: the new price served ${unannounced.ms.toFixed(0)} ms after the commit, the old one ${unannounced.before} times before`,
  );
  assert.ok(unannounced.ms <= maxAgeMs + 50, `${unannounced.ms} ms`);
  assert.ok(unannounced.before > 0, 'the copy was served in between');
});

test('commerce killed: the copy is served for at most 1 s after it was last confirmed, then 503', async (t) => {
  await sleep(maxAgeMs + 50);
  await price();
  const confirmedAt = performance.now();
  stack.processes.commerce.signal('SIGKILL');
  await stack.processes.commerce.exited;
  t.after(() => stack.restart('commerce'));

  const answers = [];
  while (performance.now() - confirmedAt < maxAgeMs + 500) {
    const startedAt = performance.now();
    const answer = await api.call('GET', '/api/packages');
    answers.push({
      at: startedAt - confirmedAt,
      done: performance.now() - confirmedAt,
      status: answer.status,
      body: answer.body,
    });
    await sleep(20);
  }
  const served = answers.filter((answer) => answer.status === 200);
  t.diagnostic(
    `${answers.length} reads: ${served.length} from the copy, the last begun ${Math.max(...served.map((a) => a.at)).toFixed(0)} ms after its confirmation`,
  );
  for (const answer of answers) {
    if (answer.done <= maxAgeMs - 20) assert.equal(answer.status, 200, JSON.stringify(answer));
    else if (answer.at > maxAgeMs) {
      assert.equal(answer.status, 503, JSON.stringify(answer));
      assert.deepEqual(answer.body, { statusCode: 503, message: 'Service commerce is unavailable' });
    }
  }
  assert.ok(answers.some((answer) => answer.status === 503));
});

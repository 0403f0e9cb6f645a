import assert from 'node:assert/strict';
import { test } from 'node:test';
import { gateway, mailCatcher, services } from '@portal/runner/stack';
import { portEnv, portPlan, urlOf } from './port-plan.mjs';

test('no port is in two blocks, nor twice in one', () => {
  const owners = new Map();
  for (const [suite, { ports }] of Object.entries(portPlan)) {
    for (const [part, port] of Object.entries(ports)) {
      const owner = `${suite}.${part}`;
      assert.equal(owners.get(port), undefined, `${owner} and ${owners.get(port)} both use ${port}`);
      owners.set(port, owner);
    }
  }
});

test("the replica ports of a suite that has them (up to 3 replicas) are no other part's", () => {
  const taken = new Map(
    Object.entries(portPlan).flatMap(([suite, { ports }]) =>
      Object.entries(ports).map(([part, port]) => [port, `${suite}.${part}`]),
    ),
  );
  const withReplicas = Object.entries(portPlan).filter(([, { ports }]) => ports.replicasFrom);
  assert.deepEqual(
    withReplicas.map(([suite]) => suite),
    ['start', 'e2e', 'faults'],
  );
  for (const [suite, { ports }] of withReplicas) {
    for (let i = 1; i < 2 * services.length; i++) {
      const port = ports.replicasFrom + i;
      assert.equal(taken.get(port), undefined, `${suite}'s replica port ${port} is ${taken.get(port)}'s`);
    }
  }
});

test('each suite that shares the PostgreSQL server has a database prefix of its own', () => {
  const prefixes = Object.entries(portPlan)
    .filter(([suite]) => suite !== 'benchStartup') // measures `npm start` as a developer runs it
    .map(([, plan]) => plan.databasePrefix);
  assert.equal(new Set(prefixes).size, prefixes.length);
});

test("npm start's block is the runner's defaults", () => {
  for (const part of [gateway, ...services, mailCatcher.smtp, mailCatcher.web]) {
    assert.equal(portPlan.start.ports[part.name], part.defaultPort);
  }
});

test("portEnv names the runner's port variables of the parts given, and nothing else", () => {
  assert.deepEqual(
    portEnv({ gateway: 18180, identity: '13181', kpi: 13185, mailWeb: 13226, nats: 4222, postgres: 5432 }),
    { GATEWAY_PORT: '18180', IDENTITY_PORT: '13181', KPI_PORT: '13185', MAIL_CATCHER_WEB_PORT: '13226' },
  );
});

test('urlOf answers the loopback address of a part and refuses one the block lacks', () => {
  assert.equal(urlOf('faults', 'nats'), 'http://127.0.0.1:19422');
  assert.throws(() => urlOf('security', 'nats'), /security has no port for nats/);
});

import assert from 'node:assert/strict';
import net from 'node:net';
import { test } from 'node:test';
import { databaseUrl, postgresAnswers } from './database.mjs';
import { freePort, isListening, waitForHttp } from './net.mjs';

const serverUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

test('databaseUrl swaps only the database name', () => {
  assert.equal(
    databaseUrl('postgres://postgres:secret@127.0.0.1:54329/postgres', 'portal_identity'),
    'postgres://postgres:secret@127.0.0.1:54329/portal_identity',
  );
});

test('postgresAnswers tells a live server from a closed port', async () => {
  assert.equal(await postgresAnswers(serverUrl), true);
  const closed = await freePort(47000);
  assert.equal(await postgresAnswers(`postgres://postgres@127.0.0.1:${closed}/postgres`), false);
});

test('freePort skips a port that is taken', async () => {
  const server = net.createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const taken = server.address().port;
  try {
    assert.equal(await isListening('127.0.0.1', taken), true);
    assert.notEqual(await freePort(taken), taken);
  } finally {
    server.close();
  }
});

test('waitForHttp gives up with the reason once the deadline passes', async () => {
  const closed = await freePort(47100);
  await assert.rejects(waitForHttp(`http://127.0.0.1:${closed}/health`, { timeoutMs: 300 }), /did not become ready/);
});

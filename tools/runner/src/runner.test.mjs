import assert from 'node:assert/strict';
import { createPrivateKey } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { databaseUrl, postgresAnswers } from './database.mjs';
import { freePort, isListening, waitForHttp } from './net.mjs';
import { provideEncryptionKey, provideSigningKey } from './local-keys.mjs';

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
  await assert.rejects(
    waitForHttp(`http://127.0.0.1:${closed}/health`, { timeoutMs: 300 }),
    /did not become ready/,
  );
});

test('provideSigningKey prefers JWT_SIGNING_KEY, else creates one local key and keeps it', () => {
  const rootDir = fs.mkdtempSync(path.join(os.tmpdir(), 'runner-key-'));
  const logged = [];
  try {
    assert.equal(
      provideSigningKey({ rootDir, log: () => {}, env: { JWT_SIGNING_KEY: 'from-env' } }),
      'from-env',
    );
    const first = provideSigningKey({ rootDir, log: (line) => logged.push(line), env: {} });
    const key = createPrivateKey(first);
    assert.equal(key.asymmetricKeyDetails.namedCurve, 'prime256v1');
    assert.equal(fs.statSync(path.join(rootDir, '.data/keys/jwt-signing-key.pem')).mode & 0o777, 0o600);
    assert.equal(fs.statSync(path.join(rootDir, '.data/keys')).mode & 0o777, 0o700);
    // .data stays reachable for the embedded PostgreSQL, which runs as another user under root.
    assert.equal(fs.statSync(path.join(rootDir, '.data')).mode & 0o055, 0o055 & ~process.umask());
    assert.equal(provideSigningKey({ rootDir, log: (line) => logged.push(line), env: {} }), first);
    assert.equal(logged.length, 1);
  } finally {
    fs.rmSync(rootDir, { recursive: true, force: true });
  }
});

test('provideEncryptionKey prefers CRM_ENCRYPTION_KEY, else creates one 32-byte key and keeps it', () => {
  const rootDir = fs.mkdtempSync(path.join(os.tmpdir(), 'runner-key-'));
  try {
    assert.equal(
      provideEncryptionKey({ rootDir, log: () => {}, env: { CRM_ENCRYPTION_KEY: 'from-env' } }),
      'from-env',
    );
    const first = provideEncryptionKey({ rootDir, log: () => {}, env: {} });
    assert.equal(Buffer.from(first, 'base64').length, 32);
    assert.equal(fs.statSync(path.join(rootDir, '.data/keys/crm-encryption-key')).mode & 0o777, 0o600);
    assert.equal(provideEncryptionKey({ rootDir, log: () => {}, env: {} }), first);
  } finally {
    fs.rmSync(rootDir, { recursive: true, force: true });
  }
});

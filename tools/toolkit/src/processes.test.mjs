import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { runToEnd, startProcess } from './processes.mjs';

const node = (script, options = {}) =>
  startProcess({ name: 'child', command: process.execPath, args: ['-e', script], ...options });

test('waitForOutput finds a line; stop() ends the process; output keeps its tail', async () => {
  const proc = node(
    "process.on('SIGTERM', () => { console.error('bye'); process.exit(3); }); process.stdout.write('x'.repeat(50)); console.log('ready at 42'); setInterval(() => {}, 1000);",
    { keepOutput: 20 },
  );
  const match = await proc.waitForOutput(/ready at (\d+)/, 10_000);
  assert.equal(match[1], '42');
  assert.equal(proc.alive, true);
  assert.deepEqual(await proc.stop(), { code: 3, signal: null });
  await proc.closed;
  assert.equal(proc.alive, false);
  assert.ok(proc.output().length <= 20);
  assert.match(proc.output(), /bye\n$/);
});

test('with keepOutput Infinity and a logFile, all of it is kept; a process that ends rejects the wait', async () => {
  const logFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'toolkit-')), 'log');
  const proc = node("console.log('a'.repeat(300000)); console.error('done')", {
    keepOutput: Infinity,
    logFile,
    reap: false,
  });
  await assert.rejects(proc.waitForOutput(/never/, Infinity), /child ended \(0\) before \/never\//);
  await proc.closed;
  assert.equal(proc.output().length, 300_000 + 'done'.length + 2);
  assert.equal(fs.readFileSync(logFile, 'utf8'), proc.output());
  fs.rmSync(path.dirname(logFile), { recursive: true, force: true });
});

test('stop() sends SIGKILL after the grace period; runToEnd rejects with the output of a failure', async () => {
  const stubborn = node("process.on('SIGTERM', () => {}); console.log('up'); setInterval(() => {}, 1000);");
  await stubborn.waitForOutput(/up/, 10_000);
  assert.deepEqual(await stubborn.stop({ graceMs: 200 }), { code: null, signal: 'SIGKILL' });
  assert.equal(
    await runToEnd({ name: 'ok', command: process.execPath, args: ['-e', "console.log('hi')"] }),
    'hi\n',
  );
  await assert.rejects(
    runToEnd({
      name: 'fails',
      command: process.execPath,
      args: ['-e', "console.error('broken'); process.exit(2)"],
    }),
    /fails failed \(code 2\):\nbroken/,
  );
});

import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { freePort, isListening } from './net.mjs';
import { stopChild } from './processes.mjs';

const natsServerCandidates = ['/usr/sbin/nats-server', '/usr/local/bin/nats-server', '/usr/bin/nats-server'];

function findOnPath(binary) {
  const dirs = (process.env.PATH ?? '').split(path.delimiter);
  for (const candidate of [...dirs.map((dir) => path.join(dir, binary)), ...natsServerCandidates]) {
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

async function natsAnswers(url) {
  const { hostname, port } = new URL(url);
  return isListening(hostname, Number(port || 4222), 1500);
}

/**
 * The NATS server the stack uses: NATS_URL when it answers, else a nats-server from PATH with
 * JetStream on (data in `.data/nats`), else none: services then keep events in their outbox.
 */
export async function provideNats({ rootDir, log, onExit }) {
  const configured = process.env.NATS_URL;
  if (configured) {
    if (await natsAnswers(configured)) {
      log(`using NATS at ${configured}`);
      return { url: configured, stop: async () => {} };
    }
    log(`NATS_URL (${configured}) does not answer: looking for a nats-server to start`);
  }
  const binary = findOnPath('nats-server');
  if (!binary) {
    log('WARNING: no NATS server found (set NATS_URL or put nats-server on PATH): events wait in the outbox');
    return { url: undefined, stop: async () => {} };
  }
  const port = await freePort(Number(process.env.EMBEDDED_NATS_PORT ?? 4250));
  const storeDir = path.join(rootDir, '.data', 'nats');
  fs.mkdirSync(storeDir, { recursive: true });
  const child = spawn(binary, ['-js', '-a', '127.0.0.1', '-p', String(port), '-sd', storeDir], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // nats-server prints a banner at every start: pass on only its warnings and errors.
  const logProblems = (chunk) =>
    chunk
      .toString()
      .split('\n')
      .filter((line) => /\[(WRN|ERR|FTL)\]/.test(line))
      .forEach(log);
  child.stdout.on('data', logProblems);
  child.stderr.on('data', logProblems);
  child.on('exit', (code, signal) => onExit?.(code, signal));
  const deadline = Date.now() + 10000;
  while (!(await isListening('127.0.0.1', port, 300))) {
    if (Date.now() > deadline || child.exitCode !== null) throw new Error('nats-server did not start');
    await new Promise((r) => setTimeout(r, 50));
  }
  log(`started ${binary} with JetStream on 127.0.0.1:${port}`);
  return {
    url: `nats://127.0.0.1:${port}`,
    stop: () => stopChild(child),
  };
}

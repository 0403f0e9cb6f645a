// A nats-server of the case's own (JetStream on, store in a temp dir, 127.0.0.1 only), which the case
// may stop and start again on the same store; and a reader of what its PORTAL stream holds.
import fs from 'node:fs';
import path from 'node:path';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { host, ports } from './ports.mjs';
import { startProcess } from './processes.mjs';

const candidates = ['/usr/sbin/nats-server', '/usr/local/bin/nats-server', '/usr/bin/nats-server'];

function natsServerBinary() {
  const dirs = (process.env.PATH ?? '').split(path.delimiter).map((dir) => path.join(dir, 'nats-server'));
  const found = [...dirs, ...candidates].find((file) => {
    try {
      fs.accessSync(file, fs.constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
  if (!found) throw new Error('nats-server is not installed (apt-get install nats-server)');
  return found;
}

/** Starts nats-server -js on `port`; answers `{ url, stop(), start() }`; the scope stops it. */
export async function startNats(scope, { port = ports.nats } = {}) {
  const storeDir = path.join(scope.tempDir('nats'), 'store');
  const binary = natsServerBinary();
  let server;

  async function start() {
    server = startProcess({
      name: `nats-server:${port}`,
      command: binary,
      args: ['-js', '-a', host, '-p', String(port), '-sd', storeDir],
    });
    await server.waitForOutput(/Server is ready/, 15_000);
  }

  /** A clean shutdown (SIGTERM: JetStream writes its state); resolves once it has exited. */
  async function stop() {
    if (server?.alive) await server.stop({ graceMs: 10_000 });
  }

  await start();
  scope.defer(stop);
  return { url: `nats://${host}:${port}`, start, stop };
}

/**
 * The envelopes of every message on `subject` in `stream`, in stream order (an ordered consumer read
 * to the end; nothing is acknowledged or left behind on the server).
 */
export async function readSubject(url, subject, { stream = 'PORTAL' } = {}) {
  const connection = await connect({ servers: url, timeout: 3000, maxReconnectAttempts: 0 });
  try {
    const manager = await jetstreamManager(connection);
    const info = await manager.streams.info(stream, { subjects_filter: subject });
    const expected = info.state.subjects?.[subject] ?? 0;
    const envelopes = [];
    if (expected === 0) return envelopes;
    const consumer = await jetstream(connection).consumers.get(stream, { filter_subjects: subject });
    // Bounded: at most `expected` messages are asked for, in batches, each batch waiting at most 5 s.
    for (let batches = 0; envelopes.length < expected && batches < 100; batches++) {
      const messages = await consumer.fetch({
        max_messages: Math.min(1000, expected - envelopes.length),
        expires: 5000,
      });
      let received = 0;
      for await (const message of messages) {
        envelopes.push({ subject: message.subject, ...message.json() });
        received += 1;
      }
      if (received === 0) break;
    }
    return envelopes;
  } finally {
    await connection.close();
  }
}

/** How many messages `stream` holds, and how many per subject. */
export async function streamCounts(url, { stream = 'PORTAL' } = {}) {
  const connection = await connect({ servers: url, timeout: 3000, maxReconnectAttempts: 0 });
  try {
    const info = await (await jetstreamManager(connection)).streams.info(stream, { subjects_filter: '>' });
    return { messages: info.state.messages, subjects: info.state.subjects ?? {} };
  } finally {
    await connection.close();
  }
}

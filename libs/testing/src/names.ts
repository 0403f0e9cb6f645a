import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';

/** A name no parallel test run will pick: `<prefix>_<time>_<random>`, lower case. */
export function uniqueName(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`.toLowerCase();
}

/**
 * A JetStream stream name and subject space of its own for one test run (`T<random>` capturing
 * `t<random>.>`), so tests never touch the real `PORTAL` stream or each other's messages.
 */
export function uniqueSubjectSpace(): { stream: string; prefix: string; subjects: string[] } {
  const token = randomBytes(5).toString('hex');
  return { stream: `T${token}`, prefix: `t${token}`, subjects: [`t${token}.>`] };
}

/** A TCP port on 127.0.0.1 that nothing listens on (bound, then released). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

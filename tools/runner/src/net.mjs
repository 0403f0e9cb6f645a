import net from 'node:net';

/** Resolves true when something accepts TCP connections on host:port within the timeout. */
export function isListening(host, port, timeoutMs = 1000) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** Resolves true when another process holds `port` on `host` (binding it fails with EADDRINUSE). */
export function isPortTaken(port, host) {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', (/** @type {NodeJS.ErrnoException} */ error) =>
      error.code === 'EADDRINUSE' ? resolve(true) : reject(error),
    );
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(false)));
  });
}

/** The first free TCP port at or after `preferred` on 127.0.0.1. */
export async function freePort(preferred) {
  for (let port = preferred; port < preferred + 100; port++) {
    if (!(await isListening('127.0.0.1', port, 300))) return port;
  }
  throw new Error(`No free port found from ${preferred}`);
}

/** Polls an HTTP URL until it answers 200 or the deadline passes. */
export async function waitForHttp(url, { timeoutMs = 30000, intervalMs = 100 } = {}) {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(1000) });
      if (res.ok) return;
      last = `HTTP ${res.status}`;
    } catch (caught) {
      const error = /** @type {Error & { cause?: { code?: string } }} */ (caught);
      last = error.cause?.code ?? error.message;
    }
    await new Promise((r) => setTimeout(r, intervalMs));
  }
  throw new Error(`${url} did not become ready in ${timeoutMs} ms (${last})`);
}

import cluster from 'node:cluster';

const log = (message: string, level = 30) =>
  process.stdout.write(`${JSON.stringify({ level, time: Date.now(), service: 'gateway', msg: message })}\n`);

/**
 * Runs `workers` copies of the gateway on one port (node:cluster hands connections out round-robin).
 * A single Node process tops out at one core; the proxy's work per request is all CPU.
 * A worker that dies after it served is replaced; one that dies before it ever listened means the
 * gateway cannot start (port taken, bad static root…), so everything stops with exit code 1.
 */
export function runWorkers(workers: number): void {
  let stopping = false;
  let exitCode = 0;
  let listening = 0;

  const fork = () => cluster.fork();
  cluster.on('listening', () => {
    listening += 1;
    if (listening === workers) log(`gateway running ${workers} workers`);
  });
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(exitCode);
      return;
    }
    if (listening === 0) {
      log(`gateway worker ${worker.process.pid} failed to start (${signal ?? code})`, 60);
      stop(1);
      return;
    }
    log(`gateway worker ${worker.process.pid} exited (${signal ?? code}); starting another`, 50);
    fork();
  });

  const stop = (code = 0) => {
    stopping = true;
    exitCode = code;
    const alive = Object.values(cluster.workers ?? {});
    if (alive.length === 0) process.exit(code);
    for (const worker of alive) worker?.process.kill('SIGTERM');
  };
  process.on('SIGTERM', () => stop());
  process.on('SIGINT', () => stop());

  for (let i = 0; i < workers; i++) fork();
}

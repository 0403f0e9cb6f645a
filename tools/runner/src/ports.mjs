// The ports the runner's own processes bind: the gateway's and each service's. They are checked
// before anything starts, so a second `npm start` beside a running one (or another program on one of
// them) stops at once and names the port, instead of its services crash-looping on EADDRINUSE while
// the other stack answers their health checks and 'Portal ready' is printed all the same.
import { isPortTaken } from './net.mjs';
import { gateway, mailCatcher, mailCatcherWanted, replicaPorts, services } from './stack.mjs';

/** The port of the gateway or a service: its variable (GATEWAY_PORT, IDENTITY_PORT…), else its default. */
export function portOf(entry, env = process.env) {
  return Number(env[entry.portEnv] ?? entry.defaultPort);
}

/**
 * How many processes of each service `npm start` runs: `--replicas N` (or `--replicas=N`), else
 * REPLICAS, else 1. Anything but a whole number from 1 to 9 is refused.
 */
export function replicaCount(argv = process.argv, env = process.env) {
  const at = argv.findIndex((arg) => arg === '--replicas' || arg.startsWith('--replicas='));
  const given = at === -1 ? env.REPLICAS || '1' : (argv[at].split('=')[1] ?? argv[at + 1]);
  const count = Number(given);
  if (!Number.isInteger(count) || count < 1 || count > 9) {
    throw new Error(`--replicas (or REPLICAS) must be a whole number from 1 to 9, not ${given}`);
  }
  return count;
}

/** The port of each of `count` replicas of `service`: its own, then the replica ports (REPLICA_PORTS_FROM…). */
export function servicePorts(service, count, env = process.env) {
  const first = portOf(replicaPorts, env);
  const index = services.indexOf(service);
  return [
    portOf(service, env),
    ...Array.from({ length: count - 1 }, (_, i) => first + i * services.length + index),
  ];
}

/**
 * `{ name, portEnv, port, host }` of the gateway, every service (each of its `replicas`) and, unless
 * SMTP_URL is set, the mail catcher's SMTP port and inbox, as this environment sets them.
 */
export function stackPorts(env = process.env, replicas = 1) {
  return [
    // The gateway listens on HOST (every interface unless set); services on loopback only.
    { name: gateway.name, portEnv: gateway.portEnv, port: portOf(gateway, env), host: env.HOST || '0.0.0.0' },
    ...services.flatMap((service) =>
      servicePorts(service, replicas, env).map((port, i) => ({
        name: i === 0 ? service.name : `${service.name} replica ${i + 1}`,
        portEnv: i === 0 ? service.portEnv : replicaPorts.portEnv,
        port,
        host: '127.0.0.1',
      })),
    ),
    ...(mailCatcherWanted(env)
      ? [mailCatcher.smtp, mailCatcher.web].map((part) => ({
          name: part.label,
          portEnv: part.portEnv,
          port: portOf(part, env),
          host: '127.0.0.1',
        }))
      : []),
  ];
}

/** What to tell the user when some of `ports` are taken, or undefined when all are free. */
export async function takenPortsMessage(ports) {
  const taken = [];
  for (const entry of ports) {
    if (await isPortTaken(entry.port, entry.host)) taken.push(entry);
  }
  if (taken.length === 0) return undefined;
  return [
    ...taken.map(({ name, port, portEnv }) => `Port ${port} is already in use (${name}, ${portEnv}).`),
    `Stop the other portal, or start this one on free ports: ${taken.map(({ portEnv }) => `${portEnv}=…`).join(' ')} npm start`,
  ].join('\n');
}

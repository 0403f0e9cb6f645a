// Every port and database prefix of every suite that runs the portal, in one table, so that no two
// suites (nor a developer's `npm start` on 8080 and 3101-3105) ever meet: each one has a block of its
// own. A suite's processes listen on loopback only.
import { gateway, mailCatcher, replicaPorts, services } from '@portal/runner/stack';

/**
 * @typedef {{ gateway: number, identity: number, commerce: number, crm: number, support: number, kpi: number, mailSmtp: number, mailWeb: number }} StackPorts
 * @typedef {'start' | 'e2e' | 'bench' | 'benchStartup' | 'benchBase' | 'security' | 'csp' | 'faults'} SuiteName
 * @typedef {{ databasePrefix: string, ports: StackPorts & Record<string, number> }} SuitePlan
 */

/**
 * The gateway on `gatewayPort`, the services from `firstServicePort` up in the runner's order, the
 * runner's mail catcher on `mailPorts` (`mailSmtp`: SMTP, `mailWeb`: its inbox and REST API), then
 * the `extras` the suite starts besides the stack.
 * @param {number} gatewayPort
 * @param {number} firstServicePort
 * @param {[smtp: number, web: number]} mailPorts
 * @param {Record<string, number>} [extras]
 * @returns {StackPorts & Record<string, number>}
 */
function block(gatewayPort, firstServicePort, [mailSmtp, mailWeb], extras = {}) {
  const servicePorts = Object.fromEntries(services.map((service, i) => [service.name, firstServicePort + i]));
  return /** @type {StackPorts & Record<string, number>} */ ({
    gateway: gatewayPort,
    ...servicePorts,
    [mailCatcher.smtp.name]: mailSmtp,
    [mailCatcher.web.name]: mailWeb,
    ...extras,
  });
}

/** @type {Record<SuiteName, SuitePlan>} */
export const portPlan = {
  // `npm start` itself: the runner's defaults, listed so the suites' blocks are checked against them.
  start: {
    databasePrefix: 'portal',
    ports: block(
      gateway.defaultPort,
      services[0].defaultPort,
      [mailCatcher.smtp.defaultPort, mailCatcher.web.defaultPort],
      { [replicaPorts.name]: replicaPorts.defaultPort },
    ),
  },
  // The browser's calls to Stripe's API go to the fake Stripe API on its port; a second gateway and
  // commerce without Stripe serve 'Payment System Setup Required'. With replicas (ADR 0213), the
  // services' second and third processes listen from `replicasFrom` up (18201-18210).
  e2e: {
    databasePrefix: 'e2e_portal',
    ports: block(18080, 18101, [18125, 18126], {
      fakeStripe: 18111,
      unpaidGateway: 18090,
      unpaidCommerce: 18092,
      replicasFrom: 18201,
    }),
  },
  // Lighthouse's Chromium takes the first free port from its debugging port up.
  bench: {
    databasePrefix: 'bench_portal',
    ports: block(18180, 13181, [13225, 13226], { lighthouseChromium: 13290 }),
  },
  // The startup budget is `npm start` as a developer runs it, databases included, on ports of its own.
  benchStartup: { databasePrefix: 'portal', ports: block(18280, 13281, [13325, 13326]) },
  // The authorization budget runs the portal as it was before issue 18 beside the bench's stack.
  benchBase: { databasePrefix: 'bench_base_portal', ports: block(18380, 13381, [13425, 13426]) },
  security: { databasePrefix: 'security_portal', ports: block(17080, 17101, [17125, 17126]) },
  // The headers and CSP crawl runs its own stack beside the rest of the security suite.
  csp: { databasePrefix: 'csp_portal', ports: block(17280, 17201, [17225, 17226]) },
  // The fault cases start their own PostgreSQL and NATS, to stop and cut them off, and replicas from
  // `replicasFrom` up.
  faults: {
    databasePrefix: 'faults',
    ports: block(19080, 19101, [19125, 19126], {
      nats: 19422,
      natsMonitor: 19822,
      postgres: 19432,
      replicasFrom: 19201,
    }),
  },
};

/**
 * The runner's port variables (GATEWAY_PORT, IDENTITY_PORT…, MAIL_CATCHER_SMTP_PORT…) for `ports`
 * ({ gateway, identity, …, mailSmtp, mailWeb }); a part it does not name keeps the runner's default,
 * keys that are no part of the stack are ignored.
 * @param {Partial<Record<string, number | string>>} ports
 * @returns {Record<string, string>}
 */
export function portEnv(ports) {
  return Object.fromEntries(
    [gateway, ...services, mailCatcher.smtp, mailCatcher.web, replicaPorts]
      .filter((part) => ports[part.name] !== undefined)
      .map((part) => [part.portEnv, String(ports[part.name])]),
  );
}

/**
 * http://127.0.0.1:<port> of `part` (the gateway, a service or an extra) in `suite`'s block.
 * @param {SuiteName} suite
 * @param {string} part
 */
export function urlOf(suite, part) {
  const port = portPlan[suite].ports[part];
  if (port === undefined) throw new Error(`${suite} has no port for ${part}`);
  return `http://127.0.0.1:${port}`;
}

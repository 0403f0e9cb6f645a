// Who may open a connection to whom (ingress rules; egress is left open for DNS and the outside
// services the portal calls: Stripe, SMTP). Everything not allowed here is refused by the first policy.
import { NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1';
import {
  INTERNAL_PORT,
  apps,
  gateway,
  natsRelease,
  releaseTool,
  services,
  staticRemotes,
} from './portal.mjs';
import { databaseCluster, labels } from './workloads.mjs';

// Each spec literal passes through a function typed with the API's interface, so tsc refuses a field
// the API does not have (the models' constructors take any, and their schemas allow unknown fields).
/** @param {import('kubernetes-models/networking.k8s.io/v1').INetworkPolicySpec} spec */
const networkPolicySpec = (spec) => spec;

/** The namespaces of what runs outside the portal's: change them to the cluster's. */
export const namespaces = {
  ingress: 'ingress-nginx',
  monitoring: 'monitoring',
  databaseOperator: 'cnpg-system',
};

/** @param {string} name */
const inNamespace = (name) => ({
  namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': name } },
});
/** @param {string} name @param {string} [component] */
const pods = (name, component) => ({
  podSelector: { matchLabels: component ? labels(name, component) : { 'app.kubernetes.io/name': name } },
});
/**
 * @param {number} port
 * @returns {import('kubernetes-models/networking.k8s.io/v1').INetworkPolicyPort}
 */
const tcp = (port) => ({ protocol: 'TCP', port });

/**
 * @param {string} name
 * @param {Record<string, string>} selector
 * @param {import('kubernetes-models/networking.k8s.io/v1').INetworkPolicyIngressRule[]} rules
 */
const policy = (name, selector, rules) =>
  new NetworkPolicy({
    metadata: { name, labels: { 'app.kubernetes.io/part-of': 'portal' } },
    spec: networkPolicySpec({
      podSelector: { matchLabels: selector },
      policyTypes: ['Ingress'],
      ingress: rules,
    }),
  });

export function networkPolicies() {
  return [
    new NetworkPolicy({
      metadata: { name: 'default-deny-ingress', labels: { 'app.kubernetes.io/part-of': 'portal' } },
      spec: networkPolicySpec({ podSelector: {}, policyTypes: ['Ingress'] }),
    }),
    // From outside the cluster, only through the ingress controller: the gateway, and the static
    // remotes' files under /mfe/ (the gateway may fetch them too).
    policy('gateway-from-ingress', labels(gateway.name, 'server'), [
      { from: [inNamespace(namespaces.ingress)], ports: [tcp(gateway.port)] },
    ]),
    policy('static-from-ingress-and-gateway', labels(staticRemotes.name, 'server'), [
      {
        from: [inNamespace(namespaces.ingress), pods(gateway.name, 'server')],
        ports: [tcp(staticRemotes.port)],
      },
    ]),
    // The release Job (deploy/k8s/release, not applied by default) checks a new version through the
    // gateway before it switches to it.
    policy('gateway-from-release', labels(gateway.name, 'server'), [
      { from: [pods(releaseTool.name, 'tool')], ports: [tcp(gateway.port)] },
    ]),
    // Services: from the gateway; identity also from the services, which read its JWKS.
    ...services.map((service) =>
      policy(`${service.name}-from-gateway`, labels(service.name, 'server'), [
        {
          from: [
            pods(gateway.name, 'server'),
            ...(service.name === 'identity'
              ? services.filter(({ name }) => name !== 'identity').map(({ name }) => pods(name, 'server'))
              : []),
          ],
          ports: [tcp(service.port)],
        },
      ]),
    ),
    // Metrics and probe details on the internal port: Prometheus only (kubelet probes are not filtered).
    new NetworkPolicy({
      metadata: { name: 'internal-port-from-monitoring', labels: { 'app.kubernetes.io/part-of': 'portal' } },
      spec: networkPolicySpec({
        podSelector: {
          matchLabels: { 'app.kubernetes.io/part-of': 'portal', 'app.kubernetes.io/component': 'server' },
        },
        policyTypes: ['Ingress'],
        ingress: [{ from: [inNamespace(namespaces.monitoring)], ports: [tcp(INTERNAL_PORT)] }],
      }),
    }),
    // Each database: from its own app's servers and migration Job, its own instances (replication),
    // the operator (instance manager on 8000) and Prometheus (CloudNativePG's exporter on 9187).
    ...apps.map((app) =>
      policy(
        `${databaseCluster(app.name)}-from-${app.name}`,
        { 'cnpg.io/cluster': databaseCluster(app.name) },
        [
          { from: [pods(app.name)], ports: [tcp(5432)] },
          { from: [{ podSelector: { matchLabels: { 'cnpg.io/cluster': databaseCluster(app.name) } } }] },
          { from: [inNamespace(namespaces.databaseOperator)], ports: [tcp(8000), tcp(5432)] },
          { from: [inNamespace(namespaces.monitoring)], ports: [tcp(9187)] },
        ],
      ),
    ),
    // NATS (the Helm release): clients from the portal's pods, routes between its own pods.
    policy('nats-from-portal', { 'app.kubernetes.io/name': natsRelease }, [
      {
        from: [{ podSelector: { matchLabels: { 'app.kubernetes.io/part-of': 'portal' } } }],
        ports: [tcp(4222)],
      },
      { from: [pods(natsRelease)], ports: [tcp(4222), tcp(6222)] },
      { from: [inNamespace(namespaces.monitoring)], ports: [tcp(8222), tcp(7777)] },
    ]),
  ];
}

// What the portal asks of the cluster's engines: CloudNativePG Clusters (one per database), the
// Ingress, the ServiceMonitor for prometheus-operator, the namespace and the shared settings.
import { ConfigMap, Namespace } from 'kubernetes-models/v1';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1';
import { ServiceMonitor } from '@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1';
import { gateway, staticRemotes } from './portal.mjs';
import { SETTINGS, databaseCluster, labels } from './workloads.mjs';

// Each spec literal passes through a function typed with the API's interface, so tsc refuses a field
// the API does not have (the models' constructors take any, and their schemas allow unknown fields).
/** @param {import('kubernetes-models/networking.k8s.io/v1').IIngressSpec} spec */
const ingressSpec = (spec) => spec;
/** @param {import('@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1').IServiceMonitor['spec']} spec */
const serviceMonitorSpec = (spec) => spec;

/** @typedef {import('./environments.mjs').Environment} Environment */

export const NAMESPACE = 'portal';

/** The PostgreSQL image of every Cluster: CloudNativePG 1.30's default, pinned. */
export const POSTGRES_IMAGE = 'ghcr.io/cloudnative-pg/postgresql:18.6-system-trixie';

export function namespace() {
  return new Namespace({
    metadata: {
      name: NAMESPACE,
      labels: {
        // The portal's pods meet `restricted`; the NATS chart's and the operator's are held to `baseline`.
        'pod-security.kubernetes.io/enforce': 'baseline',
        'pod-security.kubernetes.io/warn': 'restricted',
        'pod-security.kubernetes.io/audit': 'restricted',
      },
    },
  });
}

/** @param {Environment} environment */
export function settings(environment) {
  const scheme = environment.tlsSecret ? 'https' : 'http';
  return new ConfigMap({
    metadata: { name: SETTINGS, labels: { 'app.kubernetes.io/part-of': 'portal' } },
    data: {
      LOG_LEVEL: 'info',
      NATS_URL: 'nats://nats:4222',
      // The NATS Helm values run 3 JetStream nodes: the PORTAL stream keeps 3 copies (ADR 0208).
      EVENTS_STREAM_REPLICAS: '3',
      PUBLIC_SITE_URL: `${scheme}://${environment.host}`,
      // Only the ingress controller reaches the gateway and only the gateway the services
      // (NetworkPolicies), so the pod network is the range whose X-Forwarded-For is believed.
      TRUSTED_PROXIES: environment.podNetwork,
      // Readiness fails this long before the listener closes, while endpoints drop the pod (ADR 0214).
      SHUTDOWN_DRAIN_MS: '5000',
      // The gateway's: Stripe's publishable key (pk_…) for the checkout page; empty, card payments are off.
      STRIPE_PUBLISHABLE_KEY: '',
    },
  });
}

/**
 * One CloudNativePG Cluster per database. `initdb` creates `portal_<app>` owned by the role of the same
 * name (neither superuser nor able to create databases or roles); the operator writes that role's
 * credentials, with a `uri`, to the Secret `<cluster>-app`, which the app and its Job mount.
 * @param {string} app
 * @param {Environment} environment
 */
export function databaseClusterObject(app, environment) {
  const database = `portal_${app}`;
  return {
    apiVersion: 'postgresql.cnpg.io/v1',
    kind: 'Cluster',
    metadata: { name: databaseCluster(app), labels: labels(app, 'database') },
    spec: {
      instances: environment.databaseInstances,
      imageName: POSTGRES_IMAGE,
      primaryUpdateStrategy: 'unsupervised',
      enableSuperuserAccess: false,
      bootstrap: { initdb: { database, owner: database } },
      storage: { size: environment.databaseStorage },
      resources: {
        requests: {
          cpu: environment.databaseInstances > 1 ? '500m' : '100m',
          memory: environment.databaseMemory,
        },
        limits: { memory: environment.databaseMemory },
      },
      affinity: { enablePodAntiAffinity: true, topologyKey: 'kubernetes.io/hostname' },
      postgresql: {
        parameters: {
          max_connections: '200',
          shared_buffers: environment.databaseInstances > 1 ? '256MB' : '64MB',
        },
      },
    },
  };
}

/** @param {Environment} environment */
export function ingress(environment) {
  const backend = (/** @type {string} */ name, /** @type {number} */ port) => ({
    service: { name, port: { number: port } },
  });
  return new Ingress({
    metadata: {
      name: 'portal',
      labels: { 'app.kubernetes.io/part-of': 'portal' },
      annotations: {
        // The dashboard's live streams (server-sent events) must not be buffered or cut after 60 s.
        'nginx.ingress.kubernetes.io/proxy-buffering': 'off',
        'nginx.ingress.kubernetes.io/proxy-read-timeout': '3600',
        'nginx.ingress.kubernetes.io/proxy-body-size': '12m',
      },
    },
    spec: ingressSpec({
      ingressClassName: 'nginx',
      ...(environment.tlsSecret
        ? { tls: [{ hosts: [environment.host], secretName: environment.tlsSecret }] }
        : {}),
      rules: [
        {
          host: environment.host,
          http: {
            paths: [
              // The remotes' files straight from nginx, on the same origin: the gateway is spared them.
              { path: '/mfe/', pathType: 'Prefix', backend: backend(staticRemotes.name, staticRemotes.port) },
              { path: '/', pathType: 'Prefix', backend: backend(gateway.name, gateway.port) },
            ],
          },
        },
      ],
    }),
  });
}

/** Every portal process's /metrics on its internal port, for prometheus-operator. */
export function serviceMonitor() {
  return new ServiceMonitor({
    metadata: { name: 'portal', labels: { 'app.kubernetes.io/part-of': 'portal' } },
    spec: serviceMonitorSpec({
      selector: {
        matchLabels: { 'app.kubernetes.io/part-of': 'portal', 'app.kubernetes.io/component': 'server' },
      },
      endpoints: [{ port: 'internal', path: '/metrics', interval: '15s', scrapeTimeout: '10s' }],
    }),
  });
}

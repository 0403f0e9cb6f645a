// The two overlays' differences. Everything else is the same in both and lands in the base.
// Autoscaling and sizes are first reasoned numbers (ADR 0211), to be replaced by the capacity model's
// (docs/operations.md) once it has measured figures per route.

/**
 * @typedef {object} Sizing
 * @property {string} cpuRequest
 * @property {string} cpuLimit
 * @property {number} minReplicas
 * @property {number} maxReplicas
 *
 * @typedef {object} Environment
 * @property {string} name
 * @property {string} host the Ingress's host and the site's public origin's
 * @property {string | undefined} tlsSecret the Ingress's certificate (cert-manager or by hand)
 * @property {string} podNetwork the pods' CIDR: TRUSTED_PROXIES (the gateway for services, the ingress controller for the gateway)
 * @property {(app: string) => Sizing} sizing
 * @property {number} databaseInstances CloudNativePG instances per database (1 primary + standbys)
 * @property {string} databaseStorage
 * @property {string} databaseMemory
 * @property {ReleaseStore} releaseStore the claim of the section release store (ADR 0229, ADR 0234)
 *
 * @typedef {object} ReleaseStore
 * @property {'ReadWriteMany' | 'ReadWriteOnce'} accessMode ReadWriteMany wherever pods run on several nodes
 * @property {string | undefined} storageClass a class that provides accessMode; undefined: the cluster's default
 * @property {string} size the versions kept: a section's build is a few MiB, kept 24 h after it retires
 */

/**
 * Service pods at most: what 100x the demo load needs (its cores / 0.35, docs/operations.md), but never
 * more than 18 pools of 10 connections under the database's max_connections of 200. Commerce would
 * need about 36 there: it waits for a PgBouncer (CloudNativePG Pooler) in front of its database.
 * @type {Record<string, number>}
 */
const productionMaxReplicas = { identity: 12, commerce: 18, crm: 18, support: 18, kpi: 4 };

/** @type {Environment} */
export const production = {
  name: 'production',
  host: 'portal.example.com',
  tlsSecret: 'portal-tls',
  podNetwork: '10.0.0.0/8',
  // At least 2 of each, on two nodes, so a drain or a lost node leaves one serving (the PDB allows one
  // down at a time); the gateway 3, as every request passes it. The HPA's 70 % is of the request: a
  // service pod takes 0.35 core and a gateway pod 0.7 before another is added. A Node process works on
  // one core, so the limit is about one core; identity hashes passwords on libuv's threads, so 2.
  // Maxima from the capacity model (docs/operations.md).
  sizing: (app) => {
    if (app === 'gateway') return { cpuRequest: '1', cpuLimit: '1500m', minReplicas: 3, maxReplicas: 24 };
    return {
      cpuRequest: '500m',
      cpuLimit: app === 'identity' ? '2' : '1',
      minReplicas: 2,
      maxReplicas: productionMaxReplicas[app] ?? 8,
    };
  },
  databaseInstances: 3,
  databaseStorage: '20Gi',
  databaseMemory: '1Gi',
  // The static and gateway pods spread over nodes, so the store must be ReadWriteMany: a file share
  // (NFS, CephFS, EFS, Filestore, Azure Files). Clusters' default classes are block disks (ReadWriteOnce),
  // so name the cluster's file-share class here; until it exists the claim, and those pods, stay Pending.
  releaseStore: { accessMode: 'ReadWriteMany', storageClass: 'portal-rwx', size: '5Gi' },
};

/** @type {Environment} */
export const local = {
  name: 'local',
  // *.localtest.me resolves to 127.0.0.1: kind's or minikube's ingress on the laptop.
  host: 'portal.localtest.me',
  tlsSecret: undefined,
  // kind's and minikube's default pod network.
  podNetwork: '10.244.0.0/16',
  sizing: () => ({ cpuRequest: '50m', cpuLimit: '1', minReplicas: 1, maxReplicas: 2 }),
  databaseInstances: 1,
  databaseStorage: '1Gi',
  databaseMemory: '256Mi',
  // kind's default class (local-path) refuses ReadWriteMany. Its volumes are pinned to one node, so every
  // pod that mounts the store (static, gateway, the release Job) is scheduled there: ReadWriteOnce is
  // enough, and works on minikube's default class too.
  releaseStore: { accessMode: 'ReadWriteOnce', storageClass: undefined, size: '1Gi' },
};

export const environments = [local, production];

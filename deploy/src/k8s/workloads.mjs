// The gateway's and each service's Deployment, Service, HorizontalPodAutoscaler, PodDisruptionBudget
// and migration Job, the static remotes' Deployment and Service, and the section release store: its
// claim, mounted read-only by the static and gateway pods, and the Jobs that release into it (ADR 0234).
import { Deployment } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { Job } from 'kubernetes-models/batch/v1';
import { PersistentVolumeClaim, Service } from 'kubernetes-models/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import {
  INTERNAL_PORT,
  NGINX_USER,
  NODE_USER,
  RELEASES_MOUNT,
  RELEASE_STORE_CLAIM,
  gateway,
  releaseTool,
  staticRemotes,
} from './portal.mjs';

// Each spec literal passes through a function typed with the API's interface, so tsc refuses a field
// the API does not have (the models' constructors take any, and their schemas allow unknown fields).
/** @param {import('kubernetes-models/apps/v1').IDeploymentSpec} spec */
const deploymentSpec = (spec) => spec;
/** @param {import('kubernetes-models/autoscaling/v2').IHorizontalPodAutoscalerSpec} spec */
const autoscalerSpec = (spec) => spec;
/** @param {import('kubernetes-models/batch/v1').IJobSpec} spec */
const jobSpec = (spec) => spec;
/** @param {import('kubernetes-models/policy/v1').IPodDisruptionBudgetSpec} spec */
const disruptionBudgetSpec = (spec) => spec;
/** @param {import('kubernetes-models/v1').IServiceSpec} spec */
const serviceSpec = (spec) => spec;
/** @param {import('kubernetes-models/v1').IPersistentVolumeClaimSpec} spec */
const claimSpec = (spec) => spec;

/** @typedef {import('./portal.mjs').App} App */
/** @typedef {import('./environments.mjs').Environment} Environment */

/** The ConfigMap of what every process shares per environment (ADR 0211). */
export const SETTINGS = 'portal-settings';
const DATABASE_SECRET_DIR = '/var/run/secrets/portal/database';
const APP_SECRET_DIR = '/var/run/secrets/portal/app';

/** @param {string} name @param {string} component */
export const labels = (name, component) => ({
  'app.kubernetes.io/name': name,
  'app.kubernetes.io/component': component,
  'app.kubernetes.io/part-of': 'portal',
});

/** The CloudNativePG Cluster of an app's database; the operator keeps its credentials in `<cluster>-app`. */
export const databaseCluster = (/** @type {string} */ app) => `${app}-db`;

/**
 * @param {number} user
 * @returns {import('kubernetes-models/v1').IPodSecurityContext}
 */
const podSecurity = (user) => ({
  runAsNonRoot: true,
  runAsUser: user,
  runAsGroup: user,
  // Mounted secrets belong to this group, so the user can read them (mode 0440).
  fsGroup: user,
  seccompProfile: { type: 'RuntimeDefault' },
});

/** @type {import('kubernetes-models/v1').ISecurityContext} */
const containerSecurity = {
  allowPrivilegeEscalation: false,
  readOnlyRootFilesystem: true,
  capabilities: { drop: ['ALL'] },
};

/**
 * The release store as a pod's volume and mount: read-only for the servers, writable for the release Job.
 * @param {{ readOnly: boolean }} options
 * @returns {{ volume: import('kubernetes-models/v1').IVolume, mount: import('kubernetes-models/v1').IVolumeMount }}
 */
const releaseStore = ({ readOnly }) => ({
  volume: { name: 'releases', persistentVolumeClaim: { claimName: RELEASE_STORE_CLAIM, readOnly } },
  mount: { name: 'releases', mountPath: RELEASES_MOUNT, readOnly },
});

/** @param {string} path */
const internalGet = (path) => ({ httpGet: { path, port: 'internal' } });

/**
 * The environment of an app's container: its ports and listeners, its database's credentials (the
 * `uri` key CloudNativePG writes) and required secrets as files read through `<NAME>_FILE`, optional
 * secrets as variables left unset when the key is missing.
 * @param {App} app
 * @returns {import('kubernetes-models/v1').IEnvVar[]}
 */
function appEnv(app) {
  return [
    { name: 'PORT', value: String(app.port) },
    { name: 'HOST', value: '0.0.0.0' },
    { name: 'INTERNAL_PORT', value: String(INTERNAL_PORT) },
    { name: 'INTERNAL_HOST', value: '0.0.0.0' },
    { name: 'OTEL_SERVICE_NAME', value: app.name },
    { name: 'NODE_OPTIONS', value: `--max-old-space-size=${app.heapMegabytes}` },
    { name: 'DATABASE_URL_FILE', value: `${DATABASE_SECRET_DIR}/uri` },
    ...Object.entries(app.env).map(([name, value]) => ({ name, value })),
    ...app.secretFiles.map(({ env, key }) => ({ name: `${env}_FILE`, value: `${APP_SECRET_DIR}/${key}` })),
    ...app.optionalSecrets.map(({ env, key }) => ({
      name: env,
      valueFrom: { secretKeyRef: { name: `${app.name}-secrets`, key, optional: true } },
    })),
  ];
}

/** @param {App} app */
function appVolumes(app) {
  /** @type {import('kubernetes-models/v1').IVolume[]} */
  const volumes = [
    { name: 'tmp', emptyDir: { sizeLimit: '64Mi' } },
    { name: 'database', secret: { secretName: `${databaseCluster(app.name)}-app`, defaultMode: 0o440 } },
  ];
  /** @type {import('kubernetes-models/v1').IVolumeMount[]} */
  const mounts = [
    { name: 'tmp', mountPath: '/tmp' },
    { name: 'database', mountPath: DATABASE_SECRET_DIR, readOnly: true },
  ];
  if (app.secretFiles.length > 0) {
    volumes.push({
      name: 'secrets',
      secret: {
        secretName: `${app.name}-secrets`,
        defaultMode: 0o440,
        items: app.secretFiles.map(({ key }) => ({ key, path: key })),
      },
    });
    mounts.push({ name: 'secrets', mountPath: APP_SECRET_DIR, readOnly: true });
  }
  if (app.readsReleaseStore) {
    const { volume, mount } = releaseStore({ readOnly: true });
    volumes.push(volume);
    mounts.push(mount);
  }
  return { volumes, mounts };
}

/** @param {App} app @param {Environment} environment */
export function appDeployment(app, environment) {
  const sizing = environment.sizing(app.name);
  const { volumes, mounts } = appVolumes(app);
  return new Deployment({
    metadata: { name: app.name, labels: labels(app.name, 'server') },
    spec: deploymentSpec({
      // No `replicas`: the HorizontalPodAutoscaler owns it, and an apply must not reset it.
      revisionHistoryLimit: 5,
      selector: { matchLabels: labels(app.name, 'server') },
      strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: '25%', maxUnavailable: 0 } },
      template: {
        metadata: { labels: labels(app.name, 'server') },
        spec: {
          automountServiceAccountToken: false,
          enableServiceLinks: false,
          securityContext: podSecurity(NODE_USER),
          // SHUTDOWN_DRAIN_MS of readiness failing, then up to 10 s of in-flight requests (ADR 0214).
          terminationGracePeriodSeconds: 30,
          topologySpreadConstraints: [
            {
              maxSkew: 1,
              topologyKey: 'kubernetes.io/hostname',
              whenUnsatisfiable: 'ScheduleAnyway',
              labelSelector: { matchLabels: labels(app.name, 'server') },
            },
          ],
          containers: [
            {
              name: app.name,
              image: app.image,
              imagePullPolicy: 'IfNotPresent',
              ports: [
                { name: 'http', containerPort: app.port },
                { name: 'internal', containerPort: INTERNAL_PORT },
              ],
              envFrom: [{ configMapRef: { name: SETTINGS } }],
              env: appEnv(app),
              // Booting includes waiting for the migrations' advisory lock: up to 2 minutes.
              startupProbe: { ...internalGet('/livez'), periodSeconds: 2, failureThreshold: 60 },
              livenessProbe: {
                ...internalGet('/livez'),
                periodSeconds: 10,
                timeoutSeconds: 3,
                failureThreshold: 3,
              },
              readinessProbe: {
                ...internalGet('/readyz'),
                periodSeconds: 5,
                timeoutSeconds: 3,
                failureThreshold: 2,
              },
              resources: {
                requests: { cpu: sizing.cpuRequest, memory: app.memory },
                limits: { cpu: sizing.cpuLimit, memory: app.memory },
              },
              securityContext: containerSecurity,
              volumeMounts: mounts,
            },
          ],
          volumes,
        },
      },
    }),
  });
}

/** @param {App} app */
export function appService(app) {
  return new Service({
    metadata: { name: app.name, labels: labels(app.name, 'server') },
    spec: serviceSpec({
      selector: labels(app.name, 'server'),
      ports: [
        { name: 'http', port: app.port, targetPort: 'http' },
        { name: 'internal', port: INTERNAL_PORT, targetPort: 'internal' },
      ],
    }),
  });
}

/** @param {App} app @param {Environment} environment */
export function appAutoscaler(app, environment) {
  const { minReplicas, maxReplicas } = environment.sizing(app.name);
  return new HorizontalPodAutoscaler({
    metadata: { name: app.name, labels: labels(app.name, 'server') },
    spec: autoscalerSpec({
      scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: app.name },
      minReplicas,
      maxReplicas,
      metrics: [
        {
          type: 'Resource',
          resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 70 } },
        },
      ],
      behavior: {
        // Up at once, down slowly: a replica removed during a burst costs more than one kept 5 minutes.
        scaleUp: { stabilizationWindowSeconds: 0 },
        scaleDown: {
          stabilizationWindowSeconds: 300,
          policies: [{ type: 'Pods', value: 1, periodSeconds: 60 }],
        },
      },
    }),
  });
}

/** @param {string} name */
export function disruptionBudget(name) {
  return new PodDisruptionBudget({
    metadata: { name, labels: labels(name, 'server') },
    // One at a time: with 2+ replicas one keeps serving; with 1 (local) a node drain is not blocked.
    spec: disruptionBudgetSpec({ maxUnavailable: 1, selector: { matchLabels: labels(name, 'server') } }),
  });
}

/**
 * The Job that migrates a service's database before its new replicas start: `dist/seed.js` applies the
 * migrations under the advisory lock (ADR 0207) and upserts the service's reference data (identity's
 * features and staff account, commerce's catalog), as compose's `<service>-seed` does. Named after the
 * image tag: a Job's template cannot change, so each release applies a new one.
 * @param {App} app
 */
export function migrationJob(app) {
  const { volumes, mounts } = appVolumes(app);
  const env = appEnv(app).filter(
    ({ name }) => !['PORT', 'HOST', 'INTERNAL_PORT', 'INTERNAL_HOST'].includes(name),
  );
  return new Job({
    metadata: {
      name: `${app.name}-migrate-${app.image.split(':')[1].replaceAll('.', '-')}`,
      labels: labels(app.name, 'migration'),
    },
    spec: jobSpec({
      backoffLimit: 3,
      activeDeadlineSeconds: 600,
      ttlSecondsAfterFinished: 86_400,
      template: {
        metadata: { labels: labels(app.name, 'migration') },
        spec: {
          restartPolicy: 'Never',
          automountServiceAccountToken: false,
          enableServiceLinks: false,
          securityContext: podSecurity(NODE_USER),
          containers: [
            {
              name: 'migrate',
              image: app.image,
              imagePullPolicy: 'IfNotPresent',
              command: ['node', 'dist/seed.js'],
              envFrom: [{ configMapRef: { name: SETTINGS } }],
              env: [...env, { name: 'SEED_DEMO_DATA', value: 'false' }],
              resources: {
                requests: { cpu: '100m', memory: '192Mi' },
                limits: { cpu: '500m', memory: '192Mi' },
              },
              securityContext: containerSecurity,
              volumeMounts: mounts,
            },
          ],
          volumes,
        },
      },
    }),
  });
}

/** @param {Environment} environment */
export function staticDeployment(environment) {
  const { name, port, image } = staticRemotes;
  return new Deployment({
    metadata: { name, labels: labels(name, 'server') },
    spec: deploymentSpec({
      // nginx serving files needs no autoscaler: a fixed count, two in production for availability.
      replicas: environment.sizing(name).minReplicas,
      revisionHistoryLimit: 5,
      selector: { matchLabels: labels(name, 'server') },
      template: {
        metadata: { labels: labels(name, 'server') },
        spec: {
          automountServiceAccountToken: false,
          enableServiceLinks: false,
          securityContext: podSecurity(NGINX_USER),
          containers: [
            {
              name,
              image,
              imagePullPolicy: 'IfNotPresent',
              ports: [{ name: 'http', containerPort: port }],
              livenessProbe: { httpGet: { path: '/healthz', port: 'http' }, periodSeconds: 10 },
              readinessProbe: { httpGet: { path: '/healthz', port: 'http' }, periodSeconds: 5 },
              resources: {
                requests: { cpu: '20m', memory: '32Mi' },
                limits: { cpu: '500m', memory: '64Mi' },
              },
              securityContext: containerSecurity,
              // /releases: the released versions, served at /mfe/<section>/releases/<version>/ (static.conf).
              volumeMounts: [{ name: 'tmp', mountPath: '/tmp' }, releaseStore({ readOnly: true }).mount],
            },
          ],
          volumes: [
            { name: 'tmp', emptyDir: { sizeLimit: '64Mi' } },
            releaseStore({ readOnly: true }).volume,
          ],
        },
      },
    }),
  });
}

export function staticService() {
  const { name, port } = staticRemotes;
  return new Service({
    metadata: { name, labels: labels(name, 'server') },
    spec: serviceSpec({
      selector: labels(name, 'server'),
      ports: [{ name: 'http', port, targetPort: 'http' }],
    }),
  });
}

/**
 * The section release store (ADR 0229): each released version's files and `releases.json`. The static
 * pods serve it and the gateway reads it, both read-only; only a release Job writes to it.
 * @param {Environment} environment
 */
export function releaseStoreClaim(environment) {
  const { accessMode, storageClass, size } = environment.releaseStore;
  return new PersistentVolumeClaim({
    metadata: { name: RELEASE_STORE_CLAIM, labels: labels(RELEASE_STORE_CLAIM, 'storage') },
    spec: claimSpec({
      accessModes: [accessMode],
      ...(storageClass ? { storageClassName: storageClass } : {}),
      resources: { requests: { storage: size } },
    }),
  });
}

/**
 * A Job that runs `npm run release` (or `rollback`) inside the cluster, from the release tool's image,
 * with the store mounted read-write: the tool checks the new version through the gateway, as on a
 * laptop, before it switches `releases.json`. Not applied with the overlays: an operator creates it for
 * one section (deploy/README.md), e.g.
 *   kubectl set env --local -o yaml -f deploy/k8s/release/release.yaml SECTION=checkout | kubectl create -f -
 * One name per action: a second release waits until the first Job is deleted, as the store's lock would.
 * The tool's script runs on the image's Node directly: `npm run` would first reinstall the packages.
 * @param {'release' | 'rollback'} action
 * @param {string} namespace
 */
export function releaseJob(action, namespace) {
  const { volume, mount } = releaseStore({ readOnly: false });
  return new Job({
    metadata: { name: action, namespace, labels: labels(releaseTool.name, 'tool') },
    spec: jobSpec({
      // A failed release leaves the current version as it was: read the log and run it again.
      backoffLimit: 0,
      activeDeadlineSeconds: 900,
      ttlSecondsAfterFinished: 86_400,
      template: {
        metadata: { labels: labels(releaseTool.name, 'tool') },
        spec: {
          restartPolicy: 'Never',
          automountServiceAccountToken: false,
          enableServiceLinks: false,
          // uid 1000 writes the versions (files 0644, folders 0755): nginx (101) and the gateway read them.
          securityContext: podSecurity(NODE_USER),
          containers: [
            {
              name: action,
              image: releaseTool.image,
              imagePullPolicy: 'IfNotPresent',
              workingDir: '/app',
              command: ['node', `tools/release/src/${action}.mjs`],
              // The section's build is in the image (REMOTES=<section>); a rollback needs no build.
              args: action === 'release' ? ['$(SECTION)', '--from', 'mfe-$(SECTION)/dist'] : ['$(SECTION)'],
              env: [
                // Empty: the tool refuses to run until the section is named.
                { name: 'SECTION', value: '' },
                { name: 'RELEASES_ROOT', value: RELEASES_MOUNT },
                // The checks go through the gateway, which serves the new version from the same store.
                { name: 'PORTAL_URL', value: `http://${gateway.name}:${gateway.port}` },
                { name: 'HOME', value: '/tmp' },
              ],
              resources: {
                // Chromium runs the section's page once.
                requests: { cpu: '500m', memory: '1Gi' },
                limits: { cpu: '2', memory: '1Gi' },
              },
              securityContext: containerSecurity,
              volumeMounts: [
                { name: 'tmp', mountPath: '/tmp' },
                { name: 'shm', mountPath: '/dev/shm' },
                mount,
              ],
            },
          ],
          volumes: [
            { name: 'tmp', emptyDir: { sizeLimit: '512Mi' } },
            { name: 'shm', emptyDir: { medium: 'Memory', sizeLimit: '256Mi' } },
            volume,
          ],
        },
      },
    }),
  });
}

// The gateway's and each service's Deployment, Service, HorizontalPodAutoscaler, PodDisruptionBudget
// and migration Job, and the static remotes' Deployment and Service.
import { Deployment } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { Job } from 'kubernetes-models/batch/v1';
import { Service } from 'kubernetes-models/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { INTERNAL_PORT, NGINX_USER, NODE_USER, staticRemotes } from './portal.mjs';

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
              volumeMounts: [{ name: 'tmp', mountPath: '/tmp' }],
            },
          ],
          volumes: [{ name: 'tmp', emptyDir: { sizeLimit: '64Mi' } }],
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

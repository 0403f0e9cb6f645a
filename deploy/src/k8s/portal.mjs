// What the Kubernetes manifests deploy: the gateway and the five services (one image each, built by
// deploy/Dockerfile.gateway and deploy/Dockerfile.service), the static remotes (deploy/Dockerfile.static),
// and what each needs from its environment. The same names and ports as docker-compose.yml.

/** The port of every process's internal listener (/metrics, /livez, /readyz) in containers. */
export const INTERNAL_PORT = 9464;

/** The image tag the manifests name: the workspace's version, never `latest`. */
export const IMAGE_TAG = '0.1.0';

/** The node image's `node` user (uid and gid 1000), as the Dockerfiles' `USER node`. */
export const NODE_USER = 1000;

/** nginx's `nginx` user, as deploy/Dockerfile.static's `USER 101`. */
export const NGINX_USER = 101;

/**
 * Where the section release store (ADR 0229) is mounted: deploy/nginx/static.conf serves
 * `/mfe/<section>/releases/<version>/` from it, and the gateway reads its `releases.json`
 * (RELEASES_ROOT), as in docker-compose.yml.
 */
export const RELEASES_MOUNT = '/releases';

/**
 * @typedef {object} SecretFile A required secret, mounted as a file and read through `<env>_FILE`.
 * @property {string} env the variable it fills
 * @property {string} key its key in the app's Secret `<app>-secrets`
 *
 * @typedef {object} OptionalSecret An optional secret: the variable stays unset when the key is absent.
 * @property {string} env
 * @property {string} key
 *
 * @typedef {object} App
 * @property {string} name
 * @property {number} port its main port (PORT)
 * @property {string} image
 * @property {string} memory its memory limit; requests are set per environment
 * @property {number} heapMegabytes Node's --max-old-space-size, well under the limit
 * @property {Record<string, string>} env
 * @property {SecretFile[]} secretFiles
 * @property {OptionalSecret[]} optionalSecrets
 * @property {boolean} [seeds] its migration Job also upserts reference data (dist/seed.js does both)
 * @property {boolean} [readsReleaseStore] mounts the section release store read-only at RELEASES_MOUNT
 */

const identityUrl = { IDENTITY_URL: 'http://identity:3101' };

// Memory: a service or the gateway holds 170-240 MiB idle and up to 400 MiB under load when its heap
// is not bounded (tools/bench/capacity.mjs, docs/operations.md): a 320 MiB heap under a 512 MiB limit.
/** @type {App[]} */
export const services = [
  {
    name: 'identity',
    port: 3101,
    image: `portal/identity:${IMAGE_TAG}`,
    // argon2id takes 19 MiB per password hash, outside the JS heap, 4 at a time (libuv's threads).
    memory: '768Mi',
    heapMegabytes: 384,
    env: {},
    secretFiles: [
      { env: 'JWT_SIGNING_KEY', key: 'jwt-signing-key' },
      { env: 'IDENTITY_ENCRYPTION_KEY', key: 'identity-encryption-key' },
    ],
    optionalSecrets: [
      { env: 'STAFF_EMAIL', key: 'staff-email' },
      { env: 'STAFF_PASSWORD', key: 'staff-password' },
    ],
  },
  {
    name: 'commerce',
    port: 3102,
    image: `portal/commerce:${IMAGE_TAG}`,
    memory: '512Mi',
    heapMegabytes: 320,
    env: identityUrl,
    secretFiles: [],
    // Unset: checkout answers 503 ('Payment System Setup Required'), as the spec says.
    optionalSecrets: [
      { env: 'STRIPE_SECRET_KEY', key: 'stripe-secret-key' },
      { env: 'STRIPE_WEBHOOK_SECRET', key: 'stripe-webhook-secret' },
    ],
  },
  {
    name: 'crm',
    port: 3103,
    image: `portal/crm:${IMAGE_TAG}`,
    memory: '512Mi',
    heapMegabytes: 320,
    env: identityUrl,
    secretFiles: [
      { env: 'CRM_ENCRYPTION_KEY', key: 'crm-encryption-key' },
      // smtp(s)://user:password@host:port of the mail relay.
      { env: 'SMTP_URL', key: 'smtp-url' },
    ],
    optionalSecrets: [],
  },
  {
    name: 'support',
    port: 3104,
    image: `portal/support:${IMAGE_TAG}`,
    memory: '512Mi',
    heapMegabytes: 320,
    env: identityUrl,
    secretFiles: [],
    optionalSecrets: [],
  },
  {
    name: 'kpi',
    port: 3105,
    image: `portal/kpi:${IMAGE_TAG}`,
    memory: '512Mi',
    heapMegabytes: 320,
    env: identityUrl,
    secretFiles: [],
    optionalSecrets: [],
  },
];

/** @type {App} */
export const gateway = {
  name: 'gateway',
  port: 8080,
  image: `portal/gateway:${IMAGE_TAG}`,
  memory: '512Mi',
  heapMegabytes: 320,
  env: {
    ...Object.fromEntries(
      services.map((service) => [
        `${service.name.toUpperCase()}_URL`,
        `http://${service.name}:${service.port}`,
      ]),
    ),
    STATIC_ROOT: '/app/public',
    STATIC_REMOTES_URL: 'http://static:8081',
    // The release store's state (which version of each section new visitors get), shared with static.
    RELEASES_ROOT: RELEASES_MOUNT,
    // Once OTEL_EXPORTER_OTLP_ENDPOINT names a collector, the edge records 1 trace in 10, whole (the
    // services follow its decision): within tracing's budget of the gateway's CPU (ADR 0210).
    OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
    OTEL_TRACES_SAMPLER_ARG: '0.1',
  },
  secretFiles: [],
  // A Redis every replica shares for the public API's hourly counts; unset, they live in its database.
  optionalSecrets: [{ env: 'REDIS_URL', key: 'redis-url' }],
  readsReleaseStore: true,
};

/** Every Node process: the gateway and the services, each with its own database. */
export const apps = [gateway, ...services];

export const staticRemotes = { name: 'static', port: 8081, image: `portal/static:${IMAGE_TAG}` };

/**
 * The release tool's image: deploy/Dockerfile.static's `build` stage (Node 24, the workspace's
 * packages, Chromium, the repository with the sections built), tagged and pushed by whoever releases:
 *   docker build -f deploy/Dockerfile.static --target build --build-arg REMOTES=checkout -t portal/release:<tag> .
 */
export const releaseTool = { name: 'release', image: `portal/release:${IMAGE_TAG}` };

/** The PersistentVolumeClaim of the section release store. */
export const RELEASE_STORE_CLAIM = 'release-store';

/** The NATS Helm chart's release name: its client Service is `nats`, its pods `app.kubernetes.io/name: nats`. */
export const natsRelease = 'nats';

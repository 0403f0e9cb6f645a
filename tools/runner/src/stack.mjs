// What `npm start` runs: the services (each with its own database) and the gateway in front of them.
// Adding a service is one entry here and one in the gateway's route table.

export const services = [
  {
    name: 'identity',
    dir: 'services/identity',
    portEnv: 'IDENTITY_PORT',
    defaultPort: 3101,
    urlEnv: 'IDENTITY_URL',
    // Only identity holds the key that signs access tokens.
    needsSigningKey: true,
    // Seals two-factor sign-in secrets: its own AES-256 key, under this variable.
    encryptionKeyEnv: 'IDENTITY_ENCRYPTION_KEY',
    // Its seed gives the demo customer this install's password.
    demoSecretEnv: 'DEMO_CUSTOMER_PASSWORD',
  },
  {
    name: 'commerce',
    dir: 'services/commerce',
    portEnv: 'COMMERCE_PORT',
    defaultPort: 3102,
    urlEnv: 'COMMERCE_URL',
    // Verifies access tokens with identity's JWKS. STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and
    // STRIPE_API_URL reach it from the runner's own environment; unset, checkout answers 503.
    needsIdentity: true,
  },
  {
    name: 'crm',
    dir: 'services/crm',
    portEnv: 'CRM_PORT',
    defaultPort: 3103,
    urlEnv: 'CRM_URL',
    needsIdentity: true,
    // Seals integrations' API keys and signing secrets: its own AES-256 key, under this variable.
    encryptionKeyEnv: 'CRM_ENCRYPTION_KEY',
    // Its mailer sends the mails every service asks for: to SMTP_URL, else the runner's mail catcher.
    sendsMail: true,
    // Its seed gives the demo dialer integration the secret the runner's demo dialer signs with.
    demoSecretEnv: 'DEMO_DIALER_SIGNING_SECRET',
  },
  {
    name: 'support',
    dir: 'services/support',
    portEnv: 'SUPPORT_PORT',
    defaultPort: 3104,
    urlEnv: 'SUPPORT_URL',
    needsIdentity: true,
  },
  {
    name: 'kpi',
    dir: 'services/kpi',
    portEnv: 'KPI_PORT',
    defaultPort: 3105,
    urlEnv: 'KPI_URL',
    needsIdentity: true,
  },
];

export const gateway = { name: 'gateway', dir: 'gateway', portEnv: 'GATEWAY_PORT', defaultPort: 8080 };

/**
 * With `--replicas N` (ADR 0213), replicas 2…N of the services listen on consecutive ports from this
 * one, in the services' order (3201-3205 for N = 2); the gateway gets each service's list (COMMERCE_URLS).
 */
export const replicaPorts = { name: 'replicasFrom', portEnv: 'REPLICA_PORTS_FROM', defaultPort: 3201 };

/**
 * The local mail catcher (maildev) `npm start` runs when SMTP_URL is not set: crm sends to its SMTP
 * port, and its web inbox and REST API show what was sent.
 */
export const mailCatcher = {
  smtp: {
    name: 'mailSmtp',
    label: 'mail catcher SMTP',
    portEnv: 'MAIL_CATCHER_SMTP_PORT',
    defaultPort: 1025,
  },
  web: { name: 'mailWeb', label: 'mail catcher inbox', portEnv: 'MAIL_CATCHER_WEB_PORT', defaultPort: 1080 },
};

/** Whether `npm start` runs the mail catcher: only when no SMTP server is configured (SMTP_URL). */
export function mailCatcherWanted(env = process.env) {
  return !env.SMTP_URL;
}

/** Build outputs that must exist before the stack can start. */
export const buildOutputs = [
  ...services.map((service) => `${service.dir}/dist/main.js`),
  'gateway/dist/main.js',
  'shell/dist/index.html',
  'mfe-marketing/dist/remoteEntry.js',
  'mfe-checkout/dist/remoteEntry.js',
  'mfe-dashboard/dist/remoteEntry.js',
  'mfe-staff/dist/remoteEntry.js',
];

/** Databases are named `<prefix>_<service>`; tests use another prefix to keep their data apart. */
export const databasePrefix = process.env.PORTAL_DB_PREFIX ?? 'portal';

/**
 * Whether the seeds add the demo customer (README: "Demo customer"): SEED_DEMO_DATA when set, else yes
 * for a developer's machine and never under NODE_ENV=production.
 */
export function demoDataWanted(env = process.env) {
  return (env.SEED_DEMO_DATA ?? String(env.NODE_ENV !== 'production')) === 'true';
}

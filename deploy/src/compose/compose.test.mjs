// docker-compose.yml as `docker compose` would take it (no Docker engine here): valid against the
// Compose Specification's JSON schema (vendored from compose-spec/compose-spec), images pinned, secrets
// from files, no service on the superuser, and an observability profile that scrapes every process.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, it } from 'node:test';
import { Ajv } from 'ajv';
import { parse } from 'yaml';

const repo = path.resolve(import.meta.dirname, '../../..');
const read = (/** @type {string} */ file) => readFileSync(path.join(repo, file), 'utf8');
/** @type {any} */
const compose = parse(read('docker-compose.yml'), { merge: true });
const nodeProcesses = ['identity', 'commerce', 'crm', 'support', 'kpi', 'gateway'];
const metricNames = [
  'http_server_request_duration_seconds',
  'outbox_backlog',
  'outbox_relay_lag_seconds',
  'events_consumer_pending',
];

/** @returns {(data: unknown) => boolean & { errors?: any }} */
function composeSchema() {
  const schema = JSON.parse(
    readFileSync(path.resolve(import.meta.dirname, '../../schemas/compose-spec.json'), 'utf8'),
  );
  // The schema names draft-07 with an https URL that ajv does not know by that spelling.
  delete schema.$schema;
  return /** @type {any} */ (new Ajv({ strict: false, allErrors: true }).compile(schema));
}

describe('docker-compose.yml', () => {
  const validate = composeSchema();

  it('passes the Compose Specification schema', () => {
    // Compose resolves YAML merge keys (<<: *node-service) before it validates, as the parser does here.
    const raw = parse(read('docker-compose.yml'), { merge: true });
    assert.equal(validate(raw), true, JSON.stringify(/** @type {any} */ (validate).errors, null, 1));
  });

  it('the schema check can fail: a misspelt key and a wrong type are refused', () => {
    const broken = structuredClone(compose);
    broken.services.gateway.enviroment = { PORT: '8080' };
    assert.equal(validate(broken), false);
    const wrongType = structuredClone(compose);
    wrongType.services.postgres.healthcheck = 'pg_isready';
    assert.equal(validate(wrongType), false);
  });

  it('pins every image it pulls to an exact version, never latest', () => {
    for (const [name, service] of Object.entries(compose.services)) {
      const image = /** @type {any} */ (service).image;
      if (/** @type {any} */ (service).build) {
        assert.match(image, /^portal\/[a-z]+:\$\{PORTAL_TAG:-local\}$/, name);
        continue;
      }
      // PostgreSQL's exact versions have two parts (18.4); everything else's three.
      const exact = image.startsWith('postgres:')
        ? /^postgres:\d+\.\d+-[\w.-]+$/
        : /^[\w./-]+:v?\d+\.\d+\.\d+(-[\w.-]+)?$/;
      assert.match(image, exact, `${name}: ${image}`);
    }
    for (const dockerfile of ['Dockerfile.service', 'Dockerfile.gateway', 'Dockerfile.static'])
      for (const [, image] of read(`deploy/${dockerfile}`).matchAll(/^ARG \w+_IMAGE=(\S+)$/gm))
        assert.match(image, /:\d+\.\d+\.\d+-[\w.-]+$/, `${dockerfile}: ${image}`);
  });

  it('gives every service and the gateway its own database role through a secret file, never the superuser', () => {
    const declared = Object.keys(compose.secrets);
    for (const [name, secret] of Object.entries(compose.secrets))
      assert.match(/** @type {any} */ (secret).file, new RegExp(`^\\./deploy/secrets/${name}$`));
    for (const [name, service] of Object.entries(compose.services)) {
      const env = /** @type {any} */ (service).environment ?? {};
      assert.equal(env.DATABASE_URL, undefined, `${name} has a DATABASE_URL in the clear`);
      assert.ok(!JSON.stringify(env).includes('postgres://postgres'), `${name} connects as the superuser`);
      const secrets = /** @type {any} */ (service).secrets ?? [];
      for (const secret of secrets)
        assert.ok(declared.includes(secret), `${name}: undeclared secret ${secret}`);
      for (const [variable, value] of Object.entries(env).filter(([key]) => key.endsWith('_FILE'))) {
        const secret = String(value).replace('/run/secrets/', '');
        assert.ok(secrets.includes(secret), `${name}: ${variable} names ${value}, which is not mounted`);
      }
    }
    for (const name of nodeProcesses) {
      const service = compose.services[name];
      assert.equal(service.environment.DATABASE_URL_FILE, `/run/secrets/${name}_database_url`);
    }
    for (const name of ['identity', 'commerce', 'crm', 'support', 'kpi'])
      assert.equal(
        compose.services[`${name}-seed`].environment.DATABASE_URL_FILE,
        `/run/secrets/${name}_database_url`,
      );
    const postgres = compose.services.postgres;
    assert.deepEqual(
      postgres.secrets.filter((/** @type {string} */ s) => s.endsWith('_database_url')).sort(),
      nodeProcesses.map((name) => `${name}_database_url`).sort(),
    );
    assert.equal(postgres.environment.POSTGRES_PASSWORD_FILE, '/run/secrets/postgres_password');
  });

  it('keeps the secret files out of git and out of every image build context', () => {
    const ignored = (/** @type {string} */ file) =>
      read(file)
        .split('\n')
        .map((line) => line.trim());
    assert.ok(ignored('.gitignore').includes('/deploy/secrets/'));
    assert.ok(ignored('.dockerignore').includes('deploy/secrets'));
  });

  it('make-secrets.sh writes every secret file compose mounts', () => {
    const script = read('deploy/scripts/make-secrets.sh');
    for (const name of Object.keys(compose.secrets)) {
      const service = name.replace(/_database_url$/, '');
      const written = name.endsWith('_database_url')
        ? script.includes('${service}_database_url') &&
          script.includes(`for service in identity commerce crm support kpi gateway`) &&
          nodeProcesses.includes(service)
        : script.includes(`write ${name} `);
      assert.ok(written, `make-secrets.sh does not write ${name}`);
    }
  });

  it('profile observability: a collector, Prometheus scraping every process on 9464, Grafana with the dashboard', () => {
    for (const name of ['otel-collector', 'prometheus', 'grafana'])
      assert.deepEqual(compose.services[name].profiles, ['observability'], name);
    for (const name of Object.keys(compose.services).filter(
      (n) => !['otel-collector', 'prometheus', 'grafana'].includes(n),
    ))
      assert.equal(compose.services[name].profiles, undefined, `${name} must start without a profile`);
    const prometheus = parse(read('deploy/observability/prometheus.yml'));
    const targets = prometheus.scrape_configs.find((/** @type {any} */ job) => job.job_name === 'portal')
      .static_configs[0].targets;
    assert.deepEqual([...targets].sort(), nodeProcesses.map((name) => `${name}:9464`).sort());
    for (const mount of [
      ...compose.services.prometheus.volumes,
      ...compose.services.grafana.volumes,
      ...compose.services['otel-collector'].volumes,
    ]) {
      const source = String(mount).split(':')[0];
      if (source.startsWith('./')) assert.ok(existsSync(path.join(repo, source)), `${source} is missing`);
    }
    const dashboard = JSON.parse(read('deploy/observability/grafana/dashboards/portal.json'));
    const expressions = dashboard.panels.flatMap((/** @type {any} */ panel) =>
      panel.targets.map((/** @type {any} */ t) => t.expr),
    );
    for (const metric of metricNames)
      assert.ok(
        expressions.some((/** @type {string} */ e) => e.includes(metric)),
        metric,
      );
    const titles = dashboard.panels.map((/** @type {any} */ panel) => panel.title).join(' | ');
    for (const word of ['Requests', 'Errors', 'p99', 'Outbox', 'Consumer lag'])
      assert.match(titles, new RegExp(word));
    assert.match(expressions.join('\n'), /histogram_quantile\(0\.99, sum by \(service, le\)/);
  });

  it("still passes the repository's own cross-file checks (deploy/scripts/check-deploy.mjs)", async () => {
    const { stdout } = await promisify(execFile)(process.execPath, [
      path.join(repo, 'deploy/scripts/check-deploy.mjs'),
    ]);
    assert.match(stdout, /check-deploy: OK/);
  });
});

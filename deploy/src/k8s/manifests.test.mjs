// What an operator checks before `kubectl apply -k`: the files are the generator's, every object of
// each overlay is valid against its schema, and the manifests keep the promises of ADR 0211 (probes,
// limits, non-root, autoscaling, disruption budgets, migrations, who may reach whom).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { parse } from 'yaml';
import { k8sDir, generatedFilesOnDisk } from './generate.mjs';
import { manifestFiles, releaseFiles } from './manifests.mjs';
import { apps, services, INTERNAL_PORT } from './portal.mjs';
import { renderKustomization } from './render.mjs';
import { validateObject } from './validate.mjs';

const overlays = ['local', 'production'];
/** @param {string} file deploy/k8s/release/<file>.yaml, as parsed */
const releaseJobFile = (file) => parse(readFileSync(path.join(k8sDir, 'release', `${file}.yaml`), 'utf8'));
/**
 * The volume a pod mounts at `mountPath`, with its mount.
 * @param {any} pod @param {string} mountPath
 */
const mountedAt = (pod, mountPath) => {
  const mount = pod.containers[0].volumeMounts.find((/** @type {any} */ m) => m.mountPath === mountPath);
  const volume = mount && pod.volumes.find((/** @type {any} */ v) => v.name === mount.name);
  return { mount, volume };
};
/** @param {any} container @param {string} name */
const envValue = (container, name) =>
  container.env?.find((/** @type {any} */ variable) => variable.name === name)?.value;
/** @param {string} overlay */
const render = (overlay) => renderKustomization(path.join(k8sDir, 'overlays', overlay));
/** @param {any[]} objects @param {string} kind @param {string} name @returns {any} */
const find = (objects, kind, name) => {
  const found = objects.find((object) => object.kind === kind && object.metadata.name === name);
  assert.ok(found, `${kind} ${name} is missing`);
  return found;
};

describe('deploy/k8s', () => {
  it('holds exactly what the generator writes (run `npm run generate -w @portal/deploy` after a change)', () => {
    const expected = manifestFiles();
    assert.deepEqual(generatedFilesOnDisk().sort(), [...expected.keys()].sort());
    for (const [file, text] of expected)
      assert.equal(readFileSync(path.join(k8sDir, file), 'utf8'), text, file);
  });

  for (const overlay of overlays) {
    it(`renders overlay ${overlay} into objects that all pass their schemas, in the portal's namespace`, () => {
      const objects = render(overlay);
      assert.ok(objects.length > 50, `only ${objects.length} objects`);
      for (const object of objects) validateObject(object);
      const names = objects.map((object) => `${object.kind}/${object.metadata.name}`);
      assert.equal(new Set(names).size, names.length, 'an object is defined twice');
      for (const object of objects.filter(({ kind }) => kind !== 'Namespace'))
        assert.equal(object.metadata.namespace, 'portal');
    });

    it(`${overlay}: the gateway and every service have a Deployment probed on the internal port, a Service, an HPA and a PDB`, () => {
      const objects = render(overlay);
      for (const app of apps) {
        const deployment = find(objects, 'Deployment', app.name);
        const pod = deployment.spec.template.spec;
        const [container] = pod.containers;
        const internal = container.ports.find((/** @type {any} */ port) => port.name === 'internal');
        assert.equal(internal.containerPort, INTERNAL_PORT);
        assert.deepEqual(container.livenessProbe.httpGet, { path: '/livez', port: 'internal' });
        assert.deepEqual(container.readinessProbe.httpGet, { path: '/readyz', port: 'internal' });
        assert.ok(
          container.resources.requests.cpu && container.resources.requests.memory,
          `${app.name} requests`,
        );
        assert.ok(container.resources.limits.cpu && container.resources.limits.memory, `${app.name} limits`);
        assert.equal(pod.securityContext.runAsNonRoot, true);
        assert.equal(container.securityContext.readOnlyRootFilesystem, true);
        assert.equal(container.securityContext.allowPrivilegeEscalation, false);
        assert.equal(deployment.spec.replicas, undefined, 'replicas belong to the HPA');

        const service = find(objects, 'Service', app.name);
        assert.deepEqual(service.spec.selector, deployment.spec.selector.matchLabels);
        assert.ok(service.spec.ports.some((/** @type {any} */ port) => port.name === 'internal'));

        const hpa = find(objects, 'HorizontalPodAutoscaler', app.name);
        assert.equal(hpa.spec.scaleTargetRef.name, app.name);
        assert.ok(hpa.spec.minReplicas <= hpa.spec.maxReplicas);
        if (overlay === 'production') assert.ok(hpa.spec.minReplicas >= 2, `${app.name} keeps 2 replicas`);

        const pdb = find(objects, 'PodDisruptionBudget', app.name);
        assert.deepEqual(pdb.spec.selector.matchLabels, deployment.spec.selector.matchLabels);
      }
    });

    it(`${overlay}: each service's database is migrated by a Job with its own database role's credentials`, () => {
      const objects = render(overlay);
      for (const service of services) {
        const job = objects.find(
          (object) => object.kind === 'Job' && object.metadata.name.startsWith(`${service.name}-migrate-`),
        );
        assert.ok(job, `${service.name}'s migration Job`);
        const pod = job.spec.template.spec;
        assert.deepEqual(pod.containers[0].command, ['node', 'dist/seed.js']);
        assert.ok(
          pod.volumes.some(
            (/** @type {any} */ volume) => volume.secret?.secretName === `${service.name}-db-app`,
          ),
        );
        const cluster = find(objects, 'Cluster', `${service.name}-db`);
        assert.deepEqual(cluster.spec.bootstrap.initdb, {
          database: `portal_${service.name}`,
          owner: `portal_${service.name}`,
        });
        assert.equal(cluster.spec.enableSuperuserAccess, false);
        assert.equal(cluster.spec.instances, overlay === 'production' ? 3 : 1);
      }
    });

    it(`${overlay}: only the gateway and the static remotes are reachable from outside, services from the gateway, databases from their service`, () => {
      const objects = render(overlay);
      const policies = objects.filter((object) => object.kind === 'NetworkPolicy');
      const denyAll = find(objects, 'NetworkPolicy', 'default-deny-ingress');
      assert.deepEqual(denyAll.spec, { podSelector: {}, policyTypes: ['Ingress'] });
      const fromIngress = policies.filter((policy) =>
        policy.spec.ingress?.some((/** @type {any} */ rule) =>
          rule.from?.some(
            (/** @type {any} */ peer) =>
              peer.namespaceSelector?.matchLabels?.['kubernetes.io/metadata.name'] === 'ingress-nginx',
          ),
        ),
      );
      assert.deepEqual(
        fromIngress.map((policy) => policy.spec.podSelector.matchLabels['app.kubernetes.io/name']).sort(),
        ['gateway', 'static'],
      );
      for (const service of services) {
        const policy = find(objects, 'NetworkPolicy', `${service.name}-from-gateway`);
        const callers = policy.spec.ingress.flatMap((/** @type {any} */ rule) =>
          rule.from.map((/** @type {any} */ peer) => peer.podSelector.matchLabels['app.kubernetes.io/name']),
        );
        assert.deepEqual(
          callers,
          service.name === 'identity' ? ['gateway', 'commerce', 'crm', 'support', 'kpi'] : ['gateway'],
        );
      }
      for (const app of apps) {
        const policy = find(objects, 'NetworkPolicy', `${app.name}-db-from-${app.name}`);
        const onPostgres = policy.spec.ingress.filter((/** @type {any} */ rule) =>
          rule.from.some(
            (/** @type {any} */ peer) => peer.podSelector?.matchLabels?.['app.kubernetes.io/name'],
          ),
        );
        assert.deepEqual(onPostgres, [
          {
            from: [{ podSelector: { matchLabels: { 'app.kubernetes.io/name': app.name } } }],
            ports: [{ protocol: 'TCP', port: 5432 }],
          },
        ]);
      }
      const ingress = find(objects, 'Ingress', 'portal');
      const backends = ingress.spec.rules[0].http.paths.map(
        (/** @type {any} */ p) => `${p.path} ${p.backend.service.name}`,
      );
      assert.deepEqual(backends, ['/mfe/ static', '/ gateway']);
      const monitor = find(objects, 'ServiceMonitor', 'portal');
      assert.deepEqual(
        monitor.spec.endpoints.map((/** @type {any} */ e) => e.port),
        ['internal'],
      );
    });
  }

  for (const overlay of overlays) {
    it(`${overlay}: the release store is a claim the static and gateway pods mount read-only at /releases`, () => {
      const objects = render(overlay);
      const claim = find(objects, 'PersistentVolumeClaim', 'release-store');
      // Production's pods spread over nodes: a file share. Local's (kind's local-path refuses
      // ReadWriteMany) is one node's volume, and every pod mounting it is scheduled on that node.
      assert.deepEqual(claim.spec.accessModes, [
        overlay === 'production' ? 'ReadWriteMany' : 'ReadWriteOnce',
      ]);
      assert.match(claim.spec.resources.requests.storage, /^\d+Gi$/);
      if (overlay === 'production')
        assert.ok(claim.spec.storageClassName, 'a class that provides ReadWriteMany');
      for (const name of ['static', 'gateway']) {
        const pod = find(objects, 'Deployment', name).spec.template.spec;
        const { mount, volume } = mountedAt(pod, '/releases');
        assert.ok(mount, `${name} mounts /releases`);
        assert.equal(mount.readOnly, true, `${name} mounts the store read-only`);
        assert.deepEqual(volume.persistentVolumeClaim, { claimName: 'release-store', readOnly: true });
      }
      const gateway = find(objects, 'Deployment', 'gateway').spec.template.spec.containers[0];
      assert.equal(envValue(gateway, 'RELEASES_ROOT'), '/releases');
      // Nobody else reads it: the services have no business with the sections' files.
      for (const service of services) {
        const pod = find(objects, 'Deployment', service.name).spec.template.spec;
        assert.ok(
          !pod.volumes.some((/** @type {any} */ volume) => volume.persistentVolumeClaim),
          `${service.name} mounts no claim`,
        );
      }
    });
  }

  it('release/: the release and rollback Jobs write the store and reach the gateway, and no overlay applies them', () => {
    assert.deepEqual([...releaseFiles().keys()].sort(), ['release', 'rollback']);
    const policies = render('production').filter((object) => object.kind === 'NetworkPolicy');
    for (const action of ['release', 'rollback']) {
      const job = releaseJobFile(action);
      validateObject(job);
      assert.equal(job.kind, 'Job');
      assert.equal(job.metadata.namespace, 'portal');
      const pod = job.spec.template.spec;
      const [container] = pod.containers;
      assert.deepEqual(container.command, ['node', `tools/release/src/${action}.mjs`]);
      assert.equal(container.args[0], '$(SECTION)');
      assert.equal(envValue(container, 'SECTION'), '', 'no section until the operator names one');
      assert.equal(envValue(container, 'RELEASES_ROOT'), '/releases');
      assert.equal(envValue(container, 'PORTAL_URL'), 'http://gateway:8080');
      const { mount, volume } = mountedAt(pod, '/releases');
      assert.equal(mount.readOnly, false);
      assert.deepEqual(volume.persistentVolumeClaim, { claimName: 'release-store', readOnly: false });
      assert.equal(pod.securityContext.runAsNonRoot, true);
      assert.equal(container.securityContext.readOnlyRootFilesystem, true);
      // The gateway lets the Job's pods in on its port.
      const podLabels = job.spec.template.metadata.labels;
      assert.ok(
        policies.some(
          (policy) =>
            policy.spec.podSelector.matchLabels?.['app.kubernetes.io/name'] === 'gateway' &&
            policy.spec.ingress?.some((/** @type {any} */ rule) =>
              rule.from.some((/** @type {any} */ peer) =>
                Object.entries(peer.podSelector?.matchLabels ?? { none: '' }).every(
                  ([key, value]) => podLabels[key] === value,
                ),
              ),
            ),
        ),
        `a NetworkPolicy lets ${action} reach the gateway`,
      );
    }
    for (const overlay of overlays) {
      assert.ok(
        !render(overlay).some(
          (object) =>
            object.kind === 'Job' && object.metadata.labels?.['app.kubernetes.io/name'] === 'release',
        ),
        `${overlay} does not run a release`,
      );
    }
  });

  it('refuses a wrong manifest: the check can fail', () => {
    const objects = render('production');
    const deployment = structuredClone(find(objects, 'Deployment', 'commerce'));
    deployment.spec.template.spec.containers[0].ports[1].containerPort = 'metrics';
    assert.throws(() => validateObject(deployment), /Deployment commerce: .*containerPort must be integer/);
    const hpa = structuredClone(find(objects, 'HorizontalPodAutoscaler', 'gateway'));
    delete hpa.spec.scaleTargetRef;
    assert.throws(() => validateObject(hpa), /scaleTargetRef/);
    const cluster = structuredClone(find(objects, 'Cluster', 'crm-db'));
    cluster.spec.instance = cluster.spec.instances;
    assert.throws(
      () => validateObject(cluster),
      /Cluster crm-db: \/spec must NOT have additional properties/,
    );
    const claim = structuredClone(find(objects, 'PersistentVolumeClaim', 'release-store'));
    claim.spec.accessModes = 'ReadWriteMany';
    assert.throws(
      () => validateObject(claim),
      /PersistentVolumeClaim release-store: .*accessModes must be array/,
    );
    const monitor = structuredClone(find(objects, 'ServiceMonitor', 'portal'));
    monitor.spec.endpoints[0].interval = 'often';
    assert.throws(() => validateObject(monitor), /interval must match pattern/);
    assert.throws(
      () => validateObject({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'x' } }),
      /no schema for this kind/,
    );
  });
});

describe('deploy/k8s/nats', () => {
  const chart = parse(readFileSync(path.resolve(k8sDir, '../schemas/nats-chart-values.yaml'), 'utf8'));
  /** Paths of `values` that the chart does not have; free-form maps (`{}` by default) take any key. */
  /** @type {(values: any, defaults: any, prefix?: string) => string[]} */
  const unknownKeys = (values, defaults, prefix = '') =>
    Object.entries(values).flatMap(([key, value]) => {
      const name = `${prefix}${key}`;
      if (!defaults || typeof defaults !== 'object' || !(key in defaults)) return [name];
      const fallback = defaults[key];
      const freeForm =
        fallback &&
        typeof fallback === 'object' &&
        !Array.isArray(fallback) &&
        Object.keys(fallback).length === 0;
      if (freeForm || !value || typeof value !== 'object' || Array.isArray(value)) return [];
      return unknownKeys(value, fallback, `${name}.`);
    });

  for (const file of ['values.yaml', 'values-local.yaml']) {
    it(`${file} sets only keys of the chart's values`, () => {
      const values = parse(readFileSync(path.join(k8sDir, 'nats', file), 'utf8'));
      assert.deepEqual(unknownKeys(values, chart), []);
      assert.deepEqual(unknownKeys({ config: { jetstream: { fileStorage: {} } } }, chart), [
        'config.jetstream.fileStorage',
      ]);
    });
  }

  it('runs a 3-node JetStream cluster on persistent volumes', () => {
    const values = parse(readFileSync(path.join(k8sDir, 'nats/values.yaml'), 'utf8'));
    assert.equal(values.config.cluster.enabled, true);
    assert.equal(values.config.cluster.replicas, 3);
    assert.equal(values.config.jetstream.enabled, true);
    assert.equal(values.config.jetstream.fileStore.pvc.enabled, true);
    assert.match(values.container.image.tag, /^\d+\.\d+\.\d+-alpine$/);
  });
});

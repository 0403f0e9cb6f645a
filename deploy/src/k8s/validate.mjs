// Validates one rendered object: built-in kinds against the Kubernetes OpenAPI schemas that
// kubernetes-models ships (1.3x), the ServiceMonitor against prometheus-operator's CRD schema
// (@kubernetes-models/prometheus-operator), a CloudNativePG Cluster against its CRD's openAPIV3Schema
// vendored in deploy/schemas (unknown fields refused, as strict field validation does). An object of any other kind is an error: nothing goes unchecked.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv } from 'ajv';
import { Deployment } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { Job } from 'kubernetes-models/batch/v1';
import { ConfigMap, Namespace, PersistentVolumeClaim, Service } from 'kubernetes-models/v1';
import { Ingress, NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { ServiceMonitor } from '@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1';

const schemas = path.resolve(import.meta.dirname, '../../schemas');

/** @type {Record<string, new (data: any) => { validate(): void }>} */
const models = Object.fromEntries(
  [
    Deployment,
    HorizontalPodAutoscaler,
    Job,
    ConfigMap,
    Namespace,
    PersistentVolumeClaim,
    Service,
    Ingress,
    NetworkPolicy,
    PodDisruptionBudget,
    ServiceMonitor,
  ].map((Model) => {
    const { apiVersion, kind } = /** @type {any} */ (new Model(/** @type {any} */ ({}))).toJSON();
    return [`${apiVersion}/${kind}`, Model];
  }),
);

/**
 * A CRD schema as the API server applies it with strict field validation: an object's fields outside
 * its `properties` are refused, unless the schema keeps unknown fields.
 * @param {any} schema
 * @returns {any}
 */
function closed(schema) {
  if (Array.isArray(schema)) return schema.map(closed);
  if (!schema || typeof schema !== 'object') return schema;
  const out = Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, closed(value)]));
  if (
    schema.properties &&
    !('additionalProperties' in schema) &&
    !schema['x-kubernetes-preserve-unknown-fields']
  )
    out.additionalProperties = false;
  return out;
}

const cnpg = JSON.parse(readFileSync(path.join(schemas, 'cnpg-cluster.schema.json'), 'utf8'));
// CRD schemas carry Kubernetes' own keywords (x-kubernetes-*) and formats (int32, int64) that are not
// JSON Schema's; metadata is checked by the API server, not by the CRD's schema.
const validateCluster = new Ajv({ strict: false, allErrors: true, validateFormats: false }).compile(
  closed({ ...cnpg.schema, properties: { ...cnpg.schema.properties, metadata: { type: 'object' } } }),
);

/**
 * Throws an error naming the object and what is wrong with it.
 * @param {{ apiVersion?: string, kind?: string, metadata?: { name?: string } }} object
 */
export function validateObject(object) {
  const id = `${object.apiVersion}/${object.kind} ${object.metadata?.name}`;
  if (!object.metadata?.name) throw new Error(`${id}: metadata.name is missing`);
  if (object.apiVersion === `${cnpg.group}/${cnpg.version}` && object.kind === cnpg.kind) {
    if (!validateCluster(object))
      throw new Error(
        `${id}: ${(validateCluster.errors ?? []).map((e) => `${e.instancePath} ${e.message}`).join('; ')}`,
      );
    return;
  }
  const Model = models[`${object.apiVersion}/${object.kind}`];
  if (!Model) throw new Error(`${id}: no schema for this kind; add its model or CRD schema to validate.mjs`);
  try {
    new Model(object).validate();
  } catch (error) {
    throw new Error(`${id}: ${/** @type {Error} */ (error).message}`);
  }
}

// Renders a kustomize directory from the files on disk, with the two fields our kustomizations use:
// `resources` (files, or directories holding a kustomization.yaml) and `namespace` (set on every
// namespaced object). Any other field is refused, so a kustomization that grows beyond what this
// renders fails the test instead of being checked half.
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parse, parseAllDocuments } from 'yaml';

const understood = new Set(['apiVersion', 'kind', 'namespace', 'resources']);
const clusterScoped = new Set(['Namespace']);

/**
 * @param {string} dir
 * @returns {any[]} the objects as parsed, each with at least apiVersion, kind and metadata.name
 */
export function renderKustomization(dir) {
  const kustomization = parse(readFileSync(path.join(dir, 'kustomization.yaml'), 'utf8'));
  const unknown = Object.keys(kustomization).filter((key) => !understood.has(key));
  if (unknown.length > 0)
    throw new Error(`${dir}/kustomization.yaml: fields not rendered here: ${unknown.join(', ')}`);
  /** @type {any[]} */
  const objects = (kustomization.resources ?? []).flatMap((/** @type {string} */ resource) => {
    const target = path.join(dir, resource);
    if (statSync(target).isDirectory()) return renderKustomization(target);
    return parseAllDocuments(readFileSync(target, 'utf8')).map((document) => {
      if (document.errors.length > 0) throw new Error(`${target}: ${document.errors[0].message}`);
      return document.toJS();
    });
  });
  if (!kustomization.namespace) return objects;
  return objects.map((object) =>
    clusterScoped.has(object.kind)
      ? object
      : { ...object, metadata: { ...object.metadata, namespace: kustomization.namespace } },
  );
}

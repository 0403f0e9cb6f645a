// Writes deploy/k8s/base and deploy/k8s/overlays/* from the typed objects (manifests.mjs), after
// removing the YAML files a previous run wrote; and deploy/k8s/release, the release Jobs no
// kustomization applies. The NATS values (deploy/k8s/nats) are written by hand.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { manifestFiles } from './manifests.mjs';

export const k8sDir = path.resolve(import.meta.dirname, '../../k8s');

/** The generated directories: everything in them is the generator's. */
export const generatedDirs = ['base', 'overlays', 'release'];

/** Every file under the generated directories, relative to deploy/k8s. */
export function generatedFilesOnDisk() {
  return generatedDirs.flatMap((dir) =>
    readdirSync(path.join(k8sDir, dir), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(k8sDir, path.join(entry.parentPath, entry.name))),
  );
}

if (import.meta.main) {
  for (const dir of generatedDirs) rmSync(path.join(k8sDir, dir), { recursive: true, force: true });
  for (const [file, text] of manifestFiles()) {
    mkdirSync(path.dirname(path.join(k8sDir, file)), { recursive: true });
    writeFileSync(path.join(k8sDir, file), text);
  }
  console.log(
    `generate: wrote ${generatedFilesOnDisk().length} files under ${path.relative(process.cwd(), k8sDir) || '.'}`,
  );
}

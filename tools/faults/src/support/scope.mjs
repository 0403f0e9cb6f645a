// What a fault case started, undone in reverse order when it ends, whatever happened in between.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export class Scope {
  #undo = [];

  /** Registers `fn` to run at `close()`, last registered first. */
  defer(fn) {
    this.#undo.push(fn);
  }

  /** A new temp dir under the system's, deleted at `close()`. */
  tempDir(prefix) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `portal-faults-${prefix}-`));
    this.defer(() => fs.rmSync(dir, { recursive: true, force: true }));
    return dir;
  }

  /** Runs every undo step (each one even if an earlier one failed); rethrows the failures together. */
  async close() {
    const failures = [];
    while (this.#undo.length > 0) {
      const fn = this.#undo.pop();
      try {
        await fn();
      } catch (error) {
        failures.push(error);
      }
    }
    if (failures.length === 1) throw failures[0];
    if (failures.length > 1) throw new AggregateError(failures, 'clean-up failed');
  }
}

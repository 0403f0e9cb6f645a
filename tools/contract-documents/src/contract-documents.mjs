// The two contract documents committed in libs/contracts, written from the code, and the check that
// `npm test` runs on them.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { eventBreakingChanges, httpBreakingChanges } from './breaking-changes.mjs';
import { httpApiDocument } from './http-api-document.mjs';
import { httpApiRoutes } from './http-routes.mjs';
import { registerTypeScriptSources, workspaceRoot } from './typescript-sources.mjs';

/** Where the documents are committed, relative to the workspace root. */
export const documentFiles = {
  openapi: 'libs/contracts/openapi.json',
  asyncapi: 'libs/contracts/asyncapi.json',
};

/** @typedef {{ openapi: any, asyncapi: any }} ContractDocuments */

/** `@portal/contracts`, from its sources. */
export function loadContracts() {
  registerTypeScriptSources();
  return createRequire(join(workspaceRoot, 'package.json'))('@portal/contracts');
}

/**
 * The documents as the code writes them now.
 * @returns {ContractDocuments}
 */
export function generateContractDocuments() {
  const contracts = loadContracts();
  return {
    openapi: httpApiDocument(httpApiRoutes(), contracts),
    asyncapi: contracts.eventsAsyncApiDocument(),
  };
}

/** A document as it is written to its file. */
export const documentText = (document) => `${JSON.stringify(document, null, 2)}\n`;

/**
 * The committed documents (a missing file reads as an empty document).
 * @returns {ContractDocuments}
 */
export function committedContractDocuments() {
  const read = (file) => {
    try {
      return JSON.parse(readFileSync(join(workspaceRoot, file), 'utf8'));
    } catch (error) {
      if (/** @type {NodeJS.ErrnoException} */ (error).code === 'ENOENT') return {};
      throw error;
    }
  };
  return { openapi: read(documentFiles.openapi), asyncapi: read(documentFiles.asyncapi) };
}

/**
 * Writes `documents` to their files; answers the files that changed.
 * @param {ContractDocuments} documents
 */
export function writeContractDocuments(documents) {
  const changed = [];
  for (const [name, file] of Object.entries(documentFiles)) {
    const path = join(workspaceRoot, file);
    const text = documentText(documents[/** @type {keyof ContractDocuments} */ (name)]);
    let before = '';
    try {
      before = readFileSync(path, 'utf8');
    } catch {
      // a first write
    }
    if (before !== text) {
      writeFileSync(path, text);
      changed.push(file);
    }
  }
  return changed;
}

/**
 * @typedef {object} ContractCheck
 * @property {boolean} ok the committed documents are what the code writes
 * @property {string[]} breaking breaking changes no version bump allows, in plain words
 * @property {string[]} allowed breaking changes a version bump allows
 * @property {string[]} drifted the documents that differ from their files
 * @property {string} message what to do, empty when `ok`
 */

/**
 * Compares the committed documents with the ones the code writes: a breaking change without its
 * version bump fails with each change named; any other difference asks for `npm run contracts`.
 * @param {ContractDocuments} committed
 * @param {ContractDocuments} generated
 * @returns {ContractCheck}
 */
export function checkContractDocuments(committed, generated) {
  const drifted = Object.entries(documentFiles)
    .filter(([name]) => {
      const key = /** @type {keyof ContractDocuments} */ (name);
      return documentText(committed[key]) !== documentText(generated[key]);
    })
    .map(([, file]) => file);
  const events = eventBreakingChanges(committed.asyncapi, generated.asyncapi);
  const http = httpBreakingChanges(committed.openapi, generated.openapi);
  const breaking = [...events.breaking, ...http.breaking];
  const allowed = [...events.allowed, ...http.allowed];
  if (breaking.length > 0) {
    return {
      ok: false,
      breaking,
      allowed,
      drifted,
      message: [
        `Breaking contract changes without a version bump (${breaking.length}):`,
        ...breaking.map((change) => `  - ${change}`),
        "Keep the old shape, or bump the version: the event's `version` in libs/contracts/src/events/catalog.ts " +
          '(a new version is a new message), or the major of `contractVersions` in libs/contracts/src/contract-versions.ts; ' +
          'then run `npm run contracts`.',
      ].join('\n'),
    };
  }
  if (drifted.length > 0) {
    return {
      ok: false,
      breaking,
      allowed,
      drifted,
      message: `${drifted.join(' and ')} differ${drifted.length === 1 ? 's' : ''} from the code (no breaking change${
        allowed.length > 0 ? ` beyond the versioned ones: ${allowed.join('; ')}` : ''
      }): run \`npm run contracts\` to update the committed documents.`,
    };
  }
  return { ok: true, breaking, allowed, drifted, message: '' };
}

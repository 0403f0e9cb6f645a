// Which /api paths the service under development answers in the dev loop: those the gateway's route
// table gives it, by the same rule (the longest matching prefix wins), less the live streams, which
// the gateway answers itself (its `*_STREAM_PATH` routes) from the events of every instance.
import contracts from '@portal/contracts';
import { createJiti } from 'jiti';

/** @typedef {{ prefix: string, service: string }} Route */

/**
 * The gateway's route table, read from its source (TypeScript importing the contracts' CommonJS build).
 * @returns {Promise<readonly Route[]>}
 */
export async function gatewayRoutes() {
  const jiti = createJiti(import.meta.url);
  const { routes } = /** @type {{ routes: readonly Route[] }} */ (
    await jiti.import('../../../../gateway/src/routes/route-table.ts')
  );
  return routes;
}

/** @type {Set<unknown>} */
const gatewayStreams = new Set(
  Object.entries(contracts)
    .filter(([name, value]) => name.endsWith('_STREAM_PATH') && typeof value === 'string')
    .map(([, path]) => path),
);

/**
 * The service the gateway sends `pathname` to in `table`, or undefined for a path no service answers.
 * @param {string} pathname
 * @param {readonly Route[]} table
 */
export function serviceOfPath(pathname, table) {
  if (gatewayStreams.has(pathname)) return undefined;
  /** @type {Route | undefined} */
  let owner;
  for (const { prefix, service } of table) {
    const matches = pathname === prefix || pathname.startsWith(`${prefix}/`);
    if (matches && (!owner || prefix.length > owner.prefix.length)) owner = { prefix, service };
  }
  return owner?.service;
}

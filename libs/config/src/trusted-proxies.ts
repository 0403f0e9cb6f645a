import { isIP } from 'node:net';
import { z } from 'zod';

/** proxy-addr's named ranges, which Fastify's `trustProxy` takes as they are. */
const namedRanges = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** `203.0.113.7`, `10.0.0.0/8`, `fd00::/8` or a named range. */
function isAddressOrRange(entry: string): boolean {
  if (namedRanges.has(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
}

/**
 * `TRUSTED_PROXIES`: the peers whose `X-Forwarded-For` names the client, as Fastify's `trustProxy`
 * takes them: comma-separated addresses and CIDR ranges, or `loopback`, `linklocal`, `uniquelocal`.
 * Unset or empty: `fallback`.
 */
export const trustedProxiesVar = (fallback: string[]) =>
  z
    .string()
    .optional()
    .transform((text, context) => {
      const entries = (text ?? '')
        .split(',')
        .map((entry) => entry.trim())
        .filter((entry) => entry !== '');
      if (entries.length === 0) return fallback;
      const wrong = entries.filter((entry) => !isAddressOrRange(entry));
      if (wrong.length === 0) return entries;
      context.issues.push({
        code: 'custom',
        input: text,
        message: `must list IP addresses or CIDR ranges (or loopback, linklocal, uniquelocal), comma-separated; not ${wrong.join(', ')}`,
      });
      return z.NEVER;
    });

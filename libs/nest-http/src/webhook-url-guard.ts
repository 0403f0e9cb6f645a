import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

// The SSRF guard of every URL the portal posts to: crm's webhook endpoints (checked at creation and at
// every attempt, ADR 0202) and the tickets' `callback_url` support takes on `POST /v1/tickets` (ADR 0206).

/** An address a delivery connects to, as `lookup` gives it. */
export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Why a URL may not be delivered to: `refused` (an address it must not reach) or `unresolvable`. */
export class WebhookUrlRefusal extends Error {
  constructor(
    readonly reason: 'refused' | 'unresolvable',
    detail: string,
  ) {
    super(detail);
  }
}

const block = (list: BlockList, ranges: [string, number, 'ipv4' | 'ipv6'][]) => {
  for (const [network, prefix, type] of ranges) list.addSubnet(network, prefix, type);
  return list;
};

/**
 * Never reached, whatever the deployment: the unspecified, multicast, broadcast and reserved addresses,
 * and the cloud metadata services (AWS, GCP and Azure at 169.254.169.254, AWS IPv6 fd00:ec2::254,
 * Alibaba 100.100.100.200, Oracle 192.0.0.192).
 */
const alwaysRefused = block(new BlockList(), [
  ['0.0.0.0', 8, 'ipv4'], // "this network", the unspecified address
  ['224.0.0.0', 4, 'ipv4'], // multicast
  ['240.0.0.0', 4, 'ipv4'], // reserved, and 255.255.255.255 broadcast
  ['169.254.169.254', 32, 'ipv4'],
  ['100.100.100.200', 32, 'ipv4'],
  ['192.0.0.0', 24, 'ipv4'], // IETF protocol assignments (Oracle's metadata is 192.0.0.192)
  ['::', 128, 'ipv6'], // unspecified
  ['ff00::', 8, 'ipv6'], // multicast
  ['fd00:ec2::254', 128, 'ipv6'],
]);

/** Refused unless WEBHOOK_ALLOW_PRIVATE_URLS: loopback, private, shared (CGNAT), link-local, unique-local. */
const privateRanges = block(new BlockList(), [
  ['127.0.0.0', 8, 'ipv4'],
  ['10.0.0.0', 8, 'ipv4'],
  ['172.16.0.0', 12, 'ipv4'],
  ['192.168.0.0', 16, 'ipv4'],
  ['100.64.0.0', 10, 'ipv4'],
  ['169.254.0.0', 16, 'ipv4'],
  ['198.18.0.0', 15, 'ipv4'], // benchmarking, used inside some networks
  ['::1', 128, 'ipv6'],
  ['fe80::', 10, 'ipv6'],
  ['fc00::', 7, 'ipv6'],
]);

/** The IPv4 address inside an IPv4-mapped (::ffff:a.b.c.d), IPv4-compatible or NAT64 IPv6 address. */
function embeddedIpv4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:(?:0:)?|::|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1];
  const hex = /^(?:::ffff:(?:0:)?|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (!hex) return null;
  const high = Number.parseInt(hex[1], 16);
  const low = Number.parseInt(hex[2], 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** True when a delivery must not connect to `address` (an IP literal). */
export function isRefusedAddress(address: string, allowPrivate: boolean): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  if (family === 6) {
    const v4 = embeddedIpv4(address);
    if (v4 !== null) return isRefusedAddress(v4, allowPrivate);
  }
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (alwaysRefused.check(address, type)) return true;
  return !allowPrivate && privateRanges.check(address, type);
}

export type HostResolver = (host: string) => Promise<ResolvedAddress[]>;

/** Every address the system resolver gives for `host` (as the HTTP client itself would look it up). */
export const systemResolver: HostResolver = async (host) =>
  (await lookup(host, { all: true, verbatim: true })).map(({ address, family }) => ({
    address,
    family: family === 6 ? 6 : 4,
  }));

/**
 * The addresses `url`'s host resolves to, every one of them allowed; else a `WebhookUrlRefusal`. The
 * caller connects to the first, and only to it, so a second answer of the DNS (rebinding) changes nothing.
 */
export async function resolveWebhookUrl(
  url: string,
  options: { allowPrivate: boolean; resolve?: HostResolver },
): Promise<ResolvedAddress[]> {
  let host: string;
  try {
    host = new URL(url).hostname;
  } catch {
    throw new WebhookUrlRefusal('unresolvable', `Not a URL: ${url}`);
  }
  const literal = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  let addresses: ResolvedAddress[];
  if (isIP(literal) !== 0) {
    addresses = [{ address: literal, family: isIP(literal) === 6 ? 6 : 4 }];
  } else {
    try {
      addresses = await (options.resolve ?? systemResolver)(literal);
    } catch (error) {
      throw new WebhookUrlRefusal(
        'unresolvable',
        `${literal} does not resolve (${(error as Error).message})`,
      );
    }
    if (addresses.length === 0) throw new WebhookUrlRefusal('unresolvable', `${literal} does not resolve`);
  }
  const refused = addresses.find(({ address }) => isRefusedAddress(address, options.allowPrivate));
  if (refused) throw new WebhookUrlRefusal('refused', `${literal} resolves to ${refused.address}`);
  return addresses;
}

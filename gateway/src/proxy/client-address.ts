import { isIP } from 'node:net';
import type { FastifyRequest, RawServerBase, RouteGenericInterface } from 'fastify';

type AnyRequest = FastifyRequest<RouteGenericInterface, RawServerBase>;

/**
 * The client's address as the gateway tells the services. Fastify's `trustProxy` (TRUSTED_PROXIES)
 * walks `X-Forwarded-For` from the socket's peer back through the trusted proxies to the first address
 * none of them is; when that entry is not an IP address (a client's string a proxy passed on), the
 * proxy that reported it is the nearest client known for sure. Never anything but an IP address.
 */
export function clientAddress(request: AnyRequest): string | undefined {
  return (request.ips ?? [request.ip]).findLast((address) => isIP(address) !== 0);
}

/** The scheme the client used: the socket's, or a trusted proxy's `X-Forwarded-Proto`; http or https only. */
export function clientProtocol(request: AnyRequest): 'http' | 'https' {
  return request.protocol.toLowerCase() === 'https' ? 'https' : 'http';
}

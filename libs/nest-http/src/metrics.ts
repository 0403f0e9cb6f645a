import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Histogram, register } from 'prom-client';

/**
 * Every HTTP request a process answered (ADR 0209), by method, route template (`/api/orders/:id`, never
 * the raw URL: one series per route, not per id) and status code.
 */
export const httpRequestDuration = new Histogram({
  name: 'http_server_request_duration_seconds',
  help: 'Time to answer an HTTP request, by method, route template and status code.',
  labelNames: ['method', 'route', 'status_code'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
});

/** The route label of a request no route matched (404s, scans): one series for all of them. */
export const UNMATCHED_ROUTE = '(unmatched)';

/**
 * Names this process's series (`service` label on every one) and turns on prom-client's process and
 * Node.js metrics (`process_*`, `nodejs_*`), once per process; the metrics are in prom-client's
 * default `register`, which `/metrics` on the internal port serves.
 */
export function enableMetrics(service: string): void {
  register.setDefaultLabels({ service });
  if (!register.getSingleMetric('process_cpu_user_seconds_total')) collectDefaultMetrics();
}

/**
 * Times every request `fastify` answers into `http_server_request_duration_seconds`. The route
 * template is the one Fastify matched (`routeOptions.url`): read, not computed, so the hot path adds
 * the histogram's observe and nothing else.
 */
export function measureRequests(fastify: FastifyInstance): void {
  fastify.addHook('onResponse', (request, reply, done) => {
    httpRequestDuration.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? UNMATCHED_ROUTE,
        status_code: reply.statusCode,
      },
      reply.elapsedTime / 1000,
    );
    done();
  });
}

import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { type JetStreamClient, jetstream } from '@nats-io/jetstream';
import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { type EventEnvelope, events, STATUS_SERVICE_IDS, type StatusSampledData } from '@portal/contracts';
import { NatsLink } from '@portal/events';
import { PROBE_TIMEOUT_MS, Readiness } from '@portal/nest-http';
import { type SelfChecks, serviceStates } from './service-states';

export interface StatusSamplerOptions {
  /** Unset: no samples (they travel to support over NATS only). */
  natsUrl?: string;
  /** Subject of the samples; default `portal.status.sampled` (tests use a space of their own). */
  subject: string;
  /** Time between samples; default 30 s. */
  intervalMs?: number;
}

export const STATUS_SAMPLER_OPTIONS = Symbol('STATUS_SAMPLER_OPTIONS');

/**
 * Samples the customer-facing services about every 30 s (ADR 0235) from the gateway's readiness checks
 * and two requests to itself, and publishes the sample to JetStream (`portal.status.sampled`), where
 * support records it per service and minute. Every gateway process samples: support keeps the worst
 * state seen in a minute, once. A sample NATS cannot take is dropped: that minute has no data.
 */
@Injectable()
export class StatusSampler implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('StatusSampler');
  private link?: NatsLink;
  private js?: { connection: unknown; client: JetStreamClient };
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private failing = false;

  constructor(
    @Inject(STATUS_SAMPLER_OPTIONS) private readonly options: StatusSamplerOptions,
    private readonly readiness: Readiness,
    private readonly adapterHost: HttpAdapterHost,
  ) {}

  onApplicationBootstrap(): void {
    const { natsUrl } = this.options;
    if (!natsUrl) return;
    this.link = new NatsLink({ url: natsUrl, name: 'gateway-status-sampler', logger: this.logger });
    const every = this.options.intervalMs ?? 30_000;
    // The first sample once the server listens; then on the interval.
    this.timer = setTimeout(() => this.tick(every), Math.min(every, 2_000));
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
    await this.link?.close();
  }

  /** Takes one sample (what the services' states are now). */
  async sample(): Promise<StatusSampledData> {
    const [report, self] = await Promise.all([this.readiness.check(), this.selfChecks()]);
    const states = serviceStates(report, self);
    return {
      sampledAt: new Date().toISOString(),
      services: STATUS_SERVICE_IDS.map((service) => ({ service, state: states[service] })),
    };
  }

  /** Takes a sample and publishes it; false when NATS did not take it. */
  async sampleAndPublish(): Promise<boolean> {
    const data = await this.sample();
    const definition = events.statusSampled;
    const envelope: EventEnvelope = {
      id: randomUUID(),
      type: definition.type,
      version: definition.version,
      occurredAt: data.sampledAt,
      data,
    };
    try {
      const js = await this.jetStream();
      await js.publish(this.options.subject, JSON.stringify(envelope), {
        msgID: envelope.id,
        timeout: 2_000,
      });
      if (this.failing) this.logger.log('status samples are published again');
      this.failing = false;
      return true;
    } catch (error) {
      if (!this.failing) this.logger.warn(`could not publish a status sample: ${(error as Error).message}`);
      this.failing = true;
      return false;
    }
  }

  private tick(every: number): void {
    this.running = this.sampleAndPublish()
      .then(() => undefined)
      .catch((error: Error) => this.logger.warn(`status sample failed: ${error.message}`))
      .finally(() => {
        if (this.timer === undefined) return;
        this.timer = setTimeout(() => this.tick(every), every);
        this.timer.unref();
      });
  }

  private async jetStream(): Promise<JetStreamClient> {
    const connection = await this.link?.get();
    if (!connection) throw new Error('NATS is unreachable');
    const cached = this.js;
    if (cached && cached.connection === connection) return cached.client;
    const client = jetstream(connection);
    this.js = { connection, client };
    return client;
  }

  /** `GET /` (the shell's page) and `GET /v1/tickets` without a key (the public API's 401), on this process's own port. */
  private async selfChecks(): Promise<SelfChecks> {
    const address = this.adapterHost.httpAdapter?.getHttpServer()?.address() as AddressInfo | string | null;
    if (!address || typeof address === 'string') return { website: false, publicApi: false };
    const host =
      address.family === 'IPv6'
        ? `[${address.address === '::' ? '::1' : address.address}]`
        : address.address === '0.0.0.0'
          ? '127.0.0.1'
          : address.address;
    const base = `http://${host}:${address.port}`;
    const answer = async (path: string, ok: (response: Response) => boolean) => {
      try {
        const response = await fetch(`${base}${path}`, {
          signal: AbortSignal.timeout(PROBE_TIMEOUT_MS * 3),
          headers: { 'user-agent': 'portal-status-sampler' },
        });
        await response.body?.cancel();
        return ok(response);
      } catch {
        return false;
      }
    };
    const [website, publicApi] = await Promise.all([
      answer(
        '/',
        (response) =>
          response.status === 200 && (response.headers.get('content-type') ?? '').startsWith('text/html'),
      ),
      answer('/v1/tickets', (response) => response.status === 401),
    ]);
    return { website, publicApi };
  }
}

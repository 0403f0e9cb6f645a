import {
  type JetStreamManager,
  JetStreamApiCodes,
  JetStreamApiError,
  type StreamConfig,
} from '@nats-io/jetstream';
import { envVars, parseEnv } from '@portal/config';
import { z } from 'zod';

export interface StreamOptions {
  name: string;
  subjects: string[];
  /** Window in which a re-published `Nats-Msg-Id` is dropped as a duplicate. */
  duplicateWindowMs: number;
  /** Messages older than this are removed; unset keeps them. */
  maxAgeMs?: number;
  /** Past this size the oldest messages are removed; unset has no limit. */
  maxBytes?: number;
  /** Copies a clustered JetStream keeps of each message (1 on a single server); default 1. */
  replicas?: number;
  /**
   * How far back a consumer created on this stream starts, so a new deployment's consumer handles
   * the recent events it may have missed rather than all the history; unset starts at the beginning.
   */
  newConsumerReplayMs?: number;
}

const HOUR_MS = 3_600_000;
const MEGABYTE = 1024 * 1024;

const streamEnvSchema = z.object({
  EVENTS_STREAM_MAX_AGE_HOURS: envVars.positiveInt(7 * 24),
  EVENTS_STREAM_MAX_MEGABYTES: envVars.positiveInt(1024),
  EVENTS_STREAM_REPLICAS: envVars.positiveInt(1, 5),
  EVENTS_NEW_CONSUMER_REPLAY_HOURS: envVars.positiveInt(24),
});

/**
 * The stream of the catalog events, `PORTAL` (`portal.>`), with its limits from the environment:
 * every process of a deployment ensures it with the same ones (`EVENTS_STREAM_MAX_AGE_HOURS`, default a
 * week; `EVENTS_STREAM_MAX_MEGABYTES`, default 1024; `EVENTS_STREAM_REPLICAS`, 1 locally and 3 in a
 * cluster; `EVENTS_NEW_CONSUMER_REPLAY_HOURS`, default 24).
 */
export function portalStream(env: NodeJS.ProcessEnv = process.env): StreamOptions {
  const limits = parseEnv(streamEnvSchema, env);
  return {
    name: 'PORTAL',
    subjects: ['portal.>'],
    duplicateWindowMs: 5 * 60_000,
    maxAgeMs: limits.EVENTS_STREAM_MAX_AGE_HOURS * HOUR_MS,
    maxBytes: limits.EVENTS_STREAM_MAX_MEGABYTES * MEGABYTE,
    replicas: limits.EVENTS_STREAM_REPLICAS,
    newConsumerReplayMs: limits.EVENTS_NEW_CONSUMER_REPLAY_HOURS * HOUR_MS,
  };
}

export const DEFAULT_STREAM: StreamOptions = portalStream();

/**
 * Where a consumer of `stream` puts the messages it gives up on (malformed, or failing every
 * delivery): a stream of its own, kept 30 days, on subjects `deadletter.<stream>.<consumer>`.
 */
export function deadLetterStream(stream: StreamOptions): StreamOptions {
  return {
    name: `${stream.name}_DEAD_LETTERS`,
    subjects: [`deadletter.${stream.name}.>`],
    duplicateWindowMs: stream.duplicateWindowMs,
    maxAgeMs: 30 * 24 * HOUR_MS,
    maxBytes: stream.maxBytes,
    replicas: stream.replicas,
  };
}

const STREAM_NAME_IN_USE = 10058;
const nanos = (ms: number) => ms * 1_000_000;

const isApiError = (error: unknown, code: number) =>
  error instanceof JetStreamApiError && error.code === code;

/** The limits of `options` as JetStream configures them (0 and -1: none). */
function limitsOf(options: StreamOptions): Pick<StreamConfig, 'max_age' | 'max_bytes' | 'num_replicas'> {
  return {
    max_age: options.maxAgeMs ? nanos(options.maxAgeMs) : 0,
    max_bytes: options.maxBytes ?? -1,
    num_replicas: options.replicas ?? 1,
  };
}

/**
 * Creates the stream if it is missing; otherwise adds any of `subjects` it does not capture yet and
 * brings its limits to those of `options`.
 */
export async function ensureStream(jsm: JetStreamManager, options: StreamOptions): Promise<void> {
  const limits = limitsOf(options);
  try {
    const { config } = await jsm.streams.info(options.name);
    const current = config.subjects ?? [];
    const missing = options.subjects.filter((subject) => !current.includes(subject));
    const limitsDiffer = (Object.keys(limits) as (keyof typeof limits)[]).some(
      (key) => config[key] !== limits[key],
    );
    if (missing.length > 0 || limitsDiffer) {
      await jsm.streams.update(options.name, { subjects: [...current, ...missing], ...limits });
    }
    return;
  } catch (error) {
    if (!isApiError(error, JetStreamApiCodes.StreamNotFound)) throw error;
  }
  try {
    await jsm.streams.add({
      name: options.name,
      subjects: options.subjects,
      duplicate_window: nanos(options.duplicateWindowMs),
      ...limits,
    });
  } catch (error) {
    // Another service created it at the same moment.
    if (!isApiError(error, STREAM_NAME_IN_USE)) throw error;
  }
}

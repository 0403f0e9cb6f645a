import { type JetStreamManager, JetStreamApiCodes, JetStreamApiError } from '@nats-io/jetstream';

export interface StreamOptions {
  name: string;
  subjects: string[];
  /** Window in which a re-published `Nats-Msg-Id` is dropped as a duplicate. */
  duplicateWindowMs: number;
}

export const DEFAULT_STREAM: StreamOptions = {
  name: 'PORTAL',
  subjects: ['portal.>'],
  duplicateWindowMs: 5 * 60_000,
};

const STREAM_NAME_IN_USE = 10058;
const nanos = (ms: number) => ms * 1_000_000;

const isApiError = (error: unknown, code: number) =>
  error instanceof JetStreamApiError && error.code === code;

/** Creates the stream if it is missing, and adds any of `subjects` it does not capture yet. */
export async function ensureStream(jsm: JetStreamManager, options: StreamOptions): Promise<void> {
  try {
    const info = await jsm.streams.info(options.name);
    const current = info.config.subjects ?? [];
    const missing = options.subjects.filter((subject) => !current.includes(subject));
    if (missing.length > 0) await jsm.streams.update(options.name, { subjects: [...current, ...missing] });
    return;
  } catch (error) {
    if (!isApiError(error, JetStreamApiCodes.StreamNotFound)) throw error;
  }
  try {
    await jsm.streams.add({
      name: options.name,
      subjects: options.subjects,
      duplicate_window: nanos(options.duplicateWindowMs),
    });
  } catch (error) {
    // Another service created it at the same moment.
    if (!isApiError(error, STREAM_NAME_IN_USE)) throw error;
  }
}

import { type JetStreamManager, jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { testNatsUrl } from './env';

export interface TestJetStream {
  nats: Awaited<ReturnType<typeof connect>>;
  jsm: JetStreamManager;
  /** Deletes the test's stream and its dead-letter stream (if they were made) and disconnects. */
  close(): Promise<void>;
}

/**
 * A connection to the test NATS (`TEST_NATS_URL`) and its JetStream manager, for a test whose own
 * stream is `streamName` (see `uniqueSubjectSpace`): `close()` deletes that stream and its dead-letter
 * stream (`<name>_DEAD_LETTERS`, `deadLetterStream` of @portal/events), never another.
 */
export async function connectTestJetStream(streamName: string): Promise<TestJetStream> {
  const nats = await connect({ servers: testNatsUrl() });
  const jsm = await jetstreamManager(nats).catch(async (error: unknown) => {
    await nats.close();
    throw error;
  });
  return {
    nats,
    jsm,
    async close() {
      for (const name of [streamName, `${streamName}_DEAD_LETTERS`])
        await jsm.streams.delete(name).catch(() => undefined);
      await nats.close();
    },
  };
}

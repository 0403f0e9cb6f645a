import { connect } from '@nats-io/transport-node';
import { type SignedInUser, TestIdentity, testNatsUrl, uniqueSubjectSpace } from '@portal/testing';
import { EventStream } from './event-stream';
import { type RunningGateway, startGateway } from './gateway';

type Nats = Awaited<ReturnType<typeof connect>>;

export interface LiveStreamSuite {
  identity: TestIdentity;
  /** A connection to publish what the services would. */
  nats: Nats;
  gateway: RunningGateway;
  /** The subjects the gateway follows, the suite's own: `<prefix>.metrics.recorded`, `.tickets.*`, `.chat.signals`. */
  prefix: string;
}

/**
 * For a live stream spec: identity, a NATS connection and a gateway that follows subjects of the
 * suite's own and lets a user open `streamsPerUser` streams; set up before the suite's tests, stopped
 * after them.
 */
export function liveStreamSuite(identityName: string, { streamsPerUser = 3 } = {}): LiveStreamSuite {
  const { prefix } = uniqueSubjectSpace();
  const suite = { prefix } as LiveStreamSuite;

  beforeAll(async () => {
    suite.identity = await TestIdentity.start(identityName);
    suite.nats = await connect({ servers: testNatsUrl() });
    suite.gateway = await startGateway(
      {
        IDENTITY_URL: suite.identity.baseUrl,
        NATS_URL: testNatsUrl(),
        LIVE_STREAMS_PER_USER: String(streamsPerUser),
      },
      {
        liveMetricsSubject: `${prefix}.metrics.recorded`,
        liveTicketSubjects: `${prefix}.tickets.*`,
        liveChatSubject: `${prefix}.chat.signals`,
        statusSampleSubject: null,
      },
    );
  });

  afterAll(async () => {
    // Connections that carried a request while a stream of this client was open are never seen as
    // idle by the HTTP server, so close() would wait for their keep-alive timeout (72 s).
    suite.gateway.app.getHttpServer().closeAllConnections();
    await suite.gateway.close();
    await Promise.all([suite.identity.stop(), suite.nats.close()]);
  });

  return suite;
}

/** Resolves once `check()` holds; fails after 2 s. */
export async function waitUntil(check: () => boolean): Promise<void> {
  const deadline = Date.now() + 2000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Expects the customer's stream at `customerPath` and staff's at `staffPath` to answer 401 without a
 * token and 403 to the wrong kind of user (a customer on staff's, staff on the customer's, a customer
 * of no organization on the customer's); answers the customer and the staffer it signed in.
 */
export async function expectOutsidersRefused(
  suite: LiveStreamSuite,
  customerPath: string,
  staffPath: string,
): Promise<{ customer: SignedInUser; staff: SignedInUser }> {
  expect((await fetch(`${suite.gateway.url}${customerPath}`)).status).toBe(401);
  expect((await fetch(`${suite.gateway.url}${staffPath}`)).status).toBe(401);
  const [customer, staff] = await Promise.all([
    suite.identity.signIn('customer'),
    suite.identity.signIn('admin'),
  ]);
  const alone = await suite.identity.signIn('customer', { org: null, orgRole: null });
  const statusOf = async (token: string, path: string) =>
    (await EventStream.open(suite.gateway.url, token, path)).response.status;
  expect(await statusOf(customer.token, staffPath)).toBe(403);
  expect(await statusOf(staff.token, customerPath)).toBe(403);
  expect(await statusOf(alone.token, customerPath)).toBe(403);
  return { customer, staff };
}

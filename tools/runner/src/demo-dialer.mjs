// The demo customer's "dialer": while `npm start` runs, it posts signed call and lead events to the
// demo Dialpad integration's inbound URL through the gateway, like a real dialer would, so the demo
// dashboard's KPIs move on their own. It runs only with the demo data (SEED_DEMO_DATA, default on),
// signing with the secret the runner generated for this install (DEMO_DIALER_SIGNING_SECRET).
import { createHmac, randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';

const SOON_MS = 4_000;
const MIN_GAP_MS = 15_000;
const MAX_GAP_MS = 45_000;

/** `x-portal-signature` of crm's inbound URL: t=<seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">. */
export function inboundSignature(secret, body, seconds = Math.floor(Date.now() / 1000)) {
  const digest = createHmac('sha256', secret).update(`${seconds}.${body}`).digest('hex');
  return `t=${seconds},v1=${digest}`;
}

/** A call that just ended; now and then it also brought a lead, and a lead converted. */
export function demoEvents(random = Math.random) {
  /** @type {{ type: string, data: Record<string, string | number> }[]} */
  const events = [
    {
      type: 'call.completed',
      data: {
        call_id: `demo-call-${randomUUID()}`,
        duration: 60 + Math.floor(random() * 540),
        resolution: random() < 0.8 ? 'resolved' : 'callback-scheduled',
        agent_id: `agent-${1 + Math.floor(random() * 12)}`,
      },
    },
  ];
  if (random() < 0.3)
    events.push({
      type: 'lead.created',
      data: { lead_id: `demo-lead-${randomUUID()}`, source: 'inbound-call' },
    });
  if (random() < 0.1)
    events.push({
      type: 'lead.converted',
      data: { lead_id: `demo-lead-${randomUUID()}`, source: 'inbound-call' },
    });
  return events;
}

/**
 * The demo customer's fixed ids and email, from the build of @portal/db (as the repository at
 * `rootDir` resolves it).
 * @param {string} rootDir
 * @returns {typeof import('@portal/db/demo-customer').demoCustomer}
 */
export function loadDemoCustomer(rootDir) {
  return createRequire(path.join(rootDir, 'package.json'))('@portal/db/demo-customer').demoCustomer;
}

/** Starts posting to `gatewayUrl`, signed with `signingSecret`; returns a stop function. */
export function startDemoDialer({ rootDir, gatewayUrl, signingSecret, log }) {
  const { integrationId } = loadDemoCustomer(rootDir).dialer;
  const url = `${gatewayUrl}/api/crm/inbound/${integrationId}`;
  let timer;
  let warned = false;

  async function post(event) {
    const body = JSON.stringify({ ...event, occurred_at: new Date().toISOString() });
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-portal-signature': inboundSignature(signingSecret, body),
      },
      body,
      signal: AbortSignal.timeout(5000),
    });
    await response.body?.cancel();
    if (response.status >= 300) throw new Error(`${url} answered ${response.status}`);
  }

  async function ring() {
    try {
      for (const event of demoEvents()) await post(event);
      warned = false;
    } catch (error) {
      if (!warned) log(`demo dialer: ${error instanceof Error ? error.message : error} (will keep trying)`);
      warned = true;
    }
    schedule(MIN_GAP_MS + Math.random() * (MAX_GAP_MS - MIN_GAP_MS));
  }

  function schedule(ms) {
    timer = setTimeout(ring, ms);
    timer.unref();
  }

  schedule(SOON_MS);
  log(`demo dialer: posting signed calls to the demo customer's Dialpad integration every 15-45 s`);
  return () => clearTimeout(timer);
}

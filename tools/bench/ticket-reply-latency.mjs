#!/usr/bin/env node
// Budget of issue 19, through the gateway of a running stack: a staff reply reaches the customer's open
// ticket page in ≤ 1 s at p95. A new customer opens a ticket and its page's live stream
// (GET /api/support/stream?ticketId=…); then, one at a time, staff reply to it
// (POST /api/support/staff/tickets/{id}/messages) and the clock stops once the stream has announced that
// reply AND GET /api/support/tickets/{id}/messages (what the page reads then) shows it:
// support → outbox → NATS → gateway → page → support.
//
//   node tools/bench/ticket-reply-latency.mjs [gateway-url] [--replies 100]
//
// With a gateway URL, STAFF_EMAIL and STAFF_PASSWORD name a staff account of that stack (as a fresh
// install creates it); without one, the script starts the bench stack (tools/bench/stack.mjs) and its
// staff account itself.
// Exit codes: 0 within budget, 1 over budget or a reply never arrived, 2 could not run.
import { parseArgs } from 'node:util';
import contracts from '@portal/contracts';
import { percentile } from '@portal/toolkit/api-client';
import { apiClient } from './api-client.mjs';
import { openEventStream } from './event-stream.mjs';
import { reportResult } from './results.mjs';
import { measureWithStaff } from './stack.mjs';

export const ticketReplyP95BudgetMs = 1000;

// The contracts' build is CommonJS: its names come through the default import.
const { CUSTOMER_TICKET_STREAM_PATH, TICKET_STREAM_EVENT } = contracts;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { replies: { type: 'string', default: '100' } },
});
const replies = Number(values.replies);

/** The ticket page's stream: `arrived(messageId)` resolves once it has announced that staff reply. */
const openTicketStream = (baseUrl, token, ticketId) =>
  openEventStream(baseUrl, token, `${CUSTOMER_TICKET_STREAM_PATH}?ticketId=${ticketId}`, {
    eventName: TICKET_STREAM_EVENT,
    what: 'reply',
    idOf: (data) => (data.change === 'replied' && data.by === 'staff' ? data.messageId : undefined),
  });

async function measure(baseUrl, staffAccount) {
  const client = apiClient(baseUrl);
  const call = client.expectOk;
  const { token } = await client.signUp('bench-ticket-reply');
  const staff = await call('POST', '/api/auth/login', { body: staffAccount });
  const ticket = await call('POST', '/api/support/tickets', {
    token,
    body: {
      title: 'Bench: calls drop after 30 seconds',
      description: 'Measured by the bench.',
      priority: 'high',
    },
  });
  const stream = await openTicketStream(baseUrl, token, ticket.id);
  const latencies = [];
  try {
    for (let index = 1; index <= replies; index += 1) {
      const started = performance.now();
      const { message } = await call('POST', `/api/support/staff/tickets/${ticket.id}/messages`, {
        token: staff.token,
        body: { body: `Bench reply ${index}: we are on it.` },
      });
      await stream.arrived(message.id);
      const { messages } = await call('GET', `/api/support/tickets/${ticket.id}/messages`, { token });
      latencies.push(performance.now() - started);
      if (!messages.some((each) => each.id === message.id))
        throw new Error(
          `expected reply ${message.id} on the ticket page, support shows ${messages.length} messages`,
        );
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    await stream.close();
  }
  return latencies;
}

async function main() {
  const url = positionals[0] ?? process.env.GATEWAY_URL;
  const latencies = await measureWithStaff(url, measure);
  const sorted = [...latencies].sort((a, b) => a - b);
  const [p50, p95, max] = [percentile(sorted, 0.5), percentile(sorted, 0.95), sorted.at(-1) ?? NaN];
  console.log(
    `  ${replies} staff replies to the customer's open ticket page: p50 ${p50.toFixed(0)} ms, p95 ${p95.toFixed(0)} ms, max ${max.toFixed(0)} ms (budget p95 ≤ ${ticketReplyP95BudgetMs} ms)`,
  );
  reportResult({ replies, p50Ms: p50, p95Ms: p95, maxMs: max, withinBudget: p95 <= ticketReplyP95BudgetMs });
  return p95 <= ticketReplyP95BudgetMs ? 0 : 1;
}

main().then(
  (code) => (process.exitCode = code),
  (error) => {
    console.error(`ticket-reply-latency: ${error.message}`);
    process.exitCode = error.message.startsWith('expected') || error.message.startsWith('no reply') ? 1 : 2;
  },
);

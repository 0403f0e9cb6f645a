#!/usr/bin/env node
// Budget of issue 20: a `ticket.created` webhook delivery leaves within 1 s p95 of the ticket's
// creation. The bench stack runs with crm allowed to reach this machine's receiver
// (WEBHOOK_ALLOW_PRIVATE_URLS, local development only); a customer registers an endpoint at a receiver
// started here, then opens `--tickets` tickets, one every `--interval` ms, through the dashboard's API.
// Each delivery's lateness is its arrival at the receiver minus the ticket's `createdAt` (one machine,
// one clock). The receiver also checks each body's signature is there and each event arrives once.
//
//   node tools/bench/webhook-delivery.mjs [--tickets 100] [--interval 100]
//
// Needs the built tree (`npx nx run-many -t build`). Exit codes: 0 within budget, 1 over, 2 could not run.
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';
import { apiClient } from './api-client.mjs';
import { reportResult } from './results.mjs';
import { startBenchStack } from './stack.mjs';

export const webhookBudget = { p95Ms: 1000 };

const { values } = parseArgs({
  options: {
    tickets: { type: 'string', default: '100' },
    interval: { type: 'string', default: '100' },
  },
});
const tickets = Number(values.tickets);
const interval = Number(values.interval);
const log = (message) => process.stderr.write(`${message}\n`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A receiver answering 200 at once, noting when each ticket's event arrived. */
async function startReceiver() {
  const arrivals = new Map();
  let duplicates = 0;
  let unsigned = 0;
  const server = createServer((request, response) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      const at = Date.now();
      response.writeHead(200).end();
      const payload = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      if (!/^t=\d+,v1=[0-9a-f]{64}$/.test(String(request.headers['x-portal-signature']))) unsigned += 1;
      if (payload.event !== 'ticket.created') return;
      if (arrivals.has(payload.data.id)) duplicates += 1;
      else arrivals.set(payload.data.id, at);
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  return {
    url: `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}/webhooks/millstone`,
    arrivals,
    problems: () => ({ duplicates, unsigned }),
    close: () => new Promise((resolve) => server.close(() => resolve(undefined))),
  };
}

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function main() {
  // crm reads it from the runner's environment: loopback receivers, for this bench only.
  process.env.WEBHOOK_ALLOW_PRIVATE_URLS = 'true';
  log('starting the bench stack…');
  const stack = await startBenchStack();
  const receiver = await startReceiver();
  try {
    const api = apiClient(stack.url);
    const customer = await api.signUp('bench-webhooks');
    await api.expectOk('POST', '/api/developers/webhooks', {
      token: customer.token,
      body: { url: receiver.url, events: ['ticket.created'] },
    });
    log(`opening ${tickets} tickets, one every ${interval} ms…`);
    const created = [];
    for (let i = 0; i < tickets; i++) {
      const ticket = await api.expectOk('POST', '/api/support/tickets', {
        token: customer.token,
        body: { title: `Bench ticket ${i}`, description: 'Webhook delivery benchmark', priority: 'medium' },
      });
      created.push(ticket);
      await sleep(interval);
    }
    const deadline = Date.now() + 30_000;
    while (receiver.arrivals.size < created.length && Date.now() < deadline) await sleep(100);

    const { toPublicId } = await import('@portal/contracts').then((module) => module.default ?? module);
    const lateness = created
      .map((ticket) => receiver.arrivals.get(toPublicId('ticket', ticket.id)) - Date.parse(ticket.createdAt))
      .filter((ms) => Number.isFinite(ms))
      .sort((a, b) => a - b);
    const missing = created.length - lateness.length;
    const figures = {
      tickets: created.length,
      delivered: lateness.length,
      missing,
      ...receiver.problems(),
      p50: percentile(lateness, 50),
      p95: percentile(lateness, 95),
      max: lateness.at(-1),
      budget: webhookBudget,
    };
    const within =
      missing === 0 &&
      figures.duplicates === 0 &&
      figures.unsigned === 0 &&
      figures.p95 <= webhookBudget.p95Ms;
    reportResult({ ...figures, within });
    console.log(JSON.stringify(figures, null, 2));
    console.log(
      `ticket.created delivered ${figures.p95} ms p95 after the ticket (budget ${webhookBudget.p95Ms} ms)`,
    );
    return within ? 0 : 1;
  } finally {
    await receiver.close();
    await stack.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(2);
  },
);

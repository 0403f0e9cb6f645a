#!/usr/bin/env node
// Budget of issue 24 (live chat, ADR 0236), through the gateway of a running stack: a chat message
// reaches the other side in ≤ 300 ms at p95 with 200 chats open. A staffer comes online (the console's
// presence heartbeat) and opens the staff chat stream; 200 customers, each of an organization of their
// own, open their panel's chat stream and start a chat, which the staffer accepts. Then messages go
// both ways across random chats, `--rate` a second (20: each chat writes every 10 s), sent on schedule
// whether or not earlier ones have arrived (open loop): a customer's message is timed from its
// POST /api/support/chats/{id}/messages until the staff stream delivers it, a staff answer from its
// POST /api/support/staff/chats/{id}/messages until that customer's stream delivers it:
// browser → gateway → support (PostgreSQL) → NATS → gateway → browser.
//
//   node tools/bench/live-chat-latency.mjs [gateway-url] [--chats 200] [--messages 600] [--rate 20]
//
// With a gateway URL, STAFF_EMAIL and STAFF_PASSWORD name a staff account of that stack, whose
// CHAT_MESSAGES_PER_MINUTE must allow the run (the bench stack sets it); without one, the script
// starts the bench stack (tools/bench/stack.mjs) itself.
// Exit codes: 0 within budget, 1 over budget or a message never arrived, 2 could not run.
import { parseArgs } from 'node:util';
import contracts from '@portal/contracts';
import { percentile } from '@portal/toolkit/api-client';
import { apiClient } from './api-client.mjs';
import { openEventStream } from './event-stream.mjs';
import { reportResult } from './results.mjs';
import { measureWithStaff } from './stack.mjs';

export const chatMessageP95BudgetMs = 300;

// The contracts' build is CommonJS: its names come through the default import.
const { CUSTOMER_CHAT_STREAM_PATH, STAFF_CHAT_STREAM_PATH, CHAT_STREAM_EVENT } = contracts;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    chats: { type: 'string', default: '200' },
    messages: { type: 'string', default: '600' },
    rate: { type: 'string', default: '20' },
  },
});
const chatCount = Number(values.chats);
const messageCount = Number(values.messages);
const rate = Number(values.rate);

/** A chat stream (customer's or staff's): `arrived(messageId)` resolves with when that message came. */
const openChatStream = (baseUrl, token, path) =>
  openEventStream(baseUrl, token, path, {
    eventName: CHAT_STREAM_EVENT,
    what: 'message',
    idOf: (data) => (data.kind === 'message' ? data.message.id : undefined),
  });

/** Runs `task(index)` for 0 … count-1, at most `limit` at once. */
async function pool(count, limit, task) {
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const index = next;
      next += 1;
      await task(index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, count) }, worker));
}

async function measure(baseUrl, staffAccount) {
  const client = apiClient(baseUrl);
  const call = client.expectOk;
  const staff = await call('POST', '/api/auth/login', { body: staffAccount });
  const beat = () => call('PUT', '/api/support/staff/chats/presence', { token: staff.token });
  await beat();
  const heartbeat = setInterval(() => void beat().catch(() => undefined), 15_000);
  const staffStream = await openChatStream(baseUrl, staff.token, STAFF_CHAT_STREAM_PATH);
  const streams = [staffStream];
  const chats = [];
  try {
    console.log(`  opening ${chatCount} chats (a customer of its own organization each, stream open)…`);
    // One at a time: setting up is not measured, and sign-ups (argon2) would crowd the machine. On a
    // busy machine a set-up call may miss the gateway's deadline (504): it is tried again.
    const setUp = async (method, path, options) => {
      for (let attempt = 1; ; attempt += 1) {
        const answer = await client.call(method, path, options);
        if (answer.status >= 200 && answer.status < 300) return answer.body;
        if (answer.status !== 504 || attempt === 3)
          throw new Error(`${method} ${path} answered ${answer.status}: ${answer.text}`);
      }
    };
    await pool(chatCount, 1, async (index) => {
      const { token } = await client.signUp(`bench-chat-${index}`);
      const stream = await openChatStream(baseUrl, token, CUSTOMER_CHAT_STREAM_PATH);
      streams.push(stream);
      const chat = await setUp('POST', '/api/support/chats', {
        token,
        body: { message: `Bench chat ${index}: our IVR drops calls.` },
      });
      if (chat.state !== 'waiting') throw new Error(`expected a waiting chat, got ${chat.state}`);
      const accepted = await setUp('POST', `/api/support/staff/chats/${chat.id}/accept`, {
        token: staff.token,
      });
      if (accepted.state !== 'active') throw new Error(`expected an active chat, got ${accepted.state}`);
      chats.push({ id: chat.id, token, stream });
    });
    const active = chats.length;
    console.log(`  ${active} chats active; sending ${messageCount} messages, ${rate} a second, both ways`);

    const customerToStaff = [];
    const staffToCustomer = [];
    const failures = [];
    const send = async (index) => {
      const chat = chats[Math.floor(Math.random() * chats.length)];
      const fromStaff = index % 2 === 1;
      const started = performance.now();
      const answer = fromStaff
        ? await client.call('POST', `/api/support/staff/chats/${chat.id}/messages`, {
            token: staff.token,
            body: { message: `Bench answer ${index}` },
          })
        : await client.call('POST', `/api/support/chats/${chat.id}/messages`, {
            token: chat.token,
            body: { message: `Bench question ${index}` },
          });
      const latencies = fromStaff ? staffToCustomer : customerToStaff;
      if (answer.status !== 201) {
        // Never delivered: counted as beyond any budget, and said.
        failures.push(`${answer.status} ${answer.text?.slice(0, 120) ?? answer.error ?? ''}`);
        latencies.push(Infinity);
        return;
      }
      try {
        const arrivedAt = await (fromStaff ? chat.stream : staffStream).arrived(answer.body.id);
        latencies.push(arrivedAt - started);
      } catch (error) {
        failures.push(error instanceof Error ? error.message : String(error));
        latencies.push(Infinity);
      }
    };
    // Open loop: message i leaves at i / rate seconds whatever the earlier ones are doing, as people
    // typing in 200 chats would (not one after the other's answer).
    const began = performance.now();
    const sending = [];
    for (let index = 0; index < messageCount; index += 1) {
      const due = began + (index * 1000) / rate;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      sending.push(send(index));
    }
    await Promise.all(sending);
    return { active, customerToStaff, staffToCustomer, failures };
  } finally {
    // The chats end, so a later run's console starts without them.
    await pool(chats.length, 4, (index) =>
      call('POST', `/api/support/staff/chats/${chats[index].id}/close`, { token: staff.token }).catch(
        () => undefined,
      ),
    );
    clearInterval(heartbeat);
    await Promise.all(streams.map((stream) => stream.close().catch(() => undefined)));
    await call('DELETE', '/api/support/staff/chats/presence', { token: staff.token }).catch(() => undefined);
  }
}

const figures = (latencies) => {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50Ms: percentile(sorted, 0.5),
    p95Ms: percentile(sorted, 0.95),
    maxMs: sorted.at(-1) ?? NaN,
  };
};

async function main() {
  const url = positionals[0] ?? process.env.GATEWAY_URL;
  const measured = await measureWithStaff(url, measure);
  const both = figures([...measured.customerToStaff, ...measured.staffToCustomer]);
  const toStaff = figures(measured.customerToStaff);
  const toCustomer = figures(measured.staffToCustomer);
  const line = (what, f) =>
    `  ${what} (${f.count}): p50 ${f.p50Ms.toFixed(0)} ms, p95 ${f.p95Ms.toFixed(0)} ms, max ${f.maxMs.toFixed(0)} ms`;
  console.log(line('customer → staff console', toStaff));
  console.log(line('staff → customer panel', toCustomer));
  console.log(
    `${line(`every message, ${measured.active} chats open`, both)} (budget p95 ≤ ${chatMessageP95BudgetMs} ms)`,
  );
  if (measured.failures.length > 0)
    console.log(
      `  ${measured.failures.length} message(s) not delivered: ${measured.failures.slice(0, 3).join('; ')}`,
    );
  const withinBudget = both.p95Ms <= chatMessageP95BudgetMs;
  reportResult({
    chats: measured.active,
    messages: both.count,
    notDelivered: measured.failures.length,
    ratePerSecond: rate,
    p50Ms: both.p50Ms,
    p95Ms: both.p95Ms,
    maxMs: both.maxMs,
    customerToStaffP95Ms: toStaff.p95Ms,
    staffToCustomerP95Ms: toCustomer.p95Ms,
    withinBudget,
  });
  return withinBudget ? 0 : 1;
}

main().then(
  (code) => (process.exitCode = code),
  (error) => {
    console.error(`live-chat-latency: ${error.message}`);
    process.exitCode = error.message.startsWith('expected') || error.message.startsWith('no message') ? 1 : 2;
  },
);

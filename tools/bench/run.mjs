// `npm run bench`: every budget and load figure of the portal, measured on this machine one after the
// other, printed as a table and written to bench/results.json.
import os from 'node:os';
import { apiClient } from './api-client.mjs';
import { firstVisitBudgetBytes, firstVisitRoutes, measureFirstVisitJs } from './first-visit-js.mjs';
import {
  firstVisitRequestBudget,
  measureVisitRequests,
  repeatVisitJsBudgetBytes,
} from './first-visit-requests.mjs';
import { budgetText, measureLighthouse, printLighthouse } from './lighthouse.mjs';
import {
  cpuSlowdown,
  measureSectionMountTasks,
  printSectionMountTasks,
  sectionMountTaskBudgetMs,
} from './section-mount-tasks.mjs';
import { measureGatewayRatio, printGatewayRatio } from './gateway-ratio.mjs';
import { catalogReadBudget, measureThroughput, printThroughput } from './throughput.mjs';
import { measureLoadScenarios, printLoadScenarios } from './load-scenarios.mjs';
import { measureStartup, startupBudgetMs } from './startup-time.mjs';
import { printTable, resultsPath, runBenchScript, writeResults } from './results.mjs';
import { startBenchStack } from './stack.mjs';

const results = {
  measuredAt: new Date().toISOString(),
  machine: {
    cpus: os.availableParallelism(),
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
  },
};
const table = [];
const verdict = (ok) => (ok ? 'ok' : 'OVER');
const kB = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;

console.log('== npm start from a built tree to "Portal ready" (budget 20 s)');
results.startup = (await measureStartup()).map((r) => ({
  readyMs: Math.round(r.readyMs),
  stopMs: Math.round(r.stopMs),
}));
for (const [i, r] of results.startup.entries()) {
  console.log(
    `  start ${i + 1}: ${(r.readyMs / 1000).toFixed(1)} s; stopped by Ctrl-C in ${(r.stopMs / 1000).toFixed(1)} s`,
  );
  table.push({
    measure: `startup ${i + 1}`,
    value: `${(r.readyMs / 1000).toFixed(1)} s`,
    budget: '≤ 20 s',
    verdict: verdict(r.readyMs <= startupBudgetMs),
  });
}

const stack = await startBenchStack();
try {
  console.log(
    `== JavaScript of a first visit, per route (budget for /: ${kB(firstVisitBudgetBytes)} gzipped)`,
  );
  const { token } = await apiClient(stack.url).signUp('bench-first-visit');
  results.firstVisitJs = [];
  for (const { route, signedIn } of firstVisitRoutes) {
    const js = await measureFirstVisitJs(stack.url, { route, token: signedIn ? token : undefined });
    const budgeted = route === '/';
    results.firstVisitJs.push({
      route,
      signedIn: Boolean(signedIn),
      gzipBytes: js.gzipBytes,
      wireBytes: js.wireBytes,
      files: js.files.length,
      budgetBytes: budgeted ? firstVisitBudgetBytes : null,
    });
    console.log(
      `  ${route.padEnd(11)} ${kB(js.gzipBytes)} gzip -9, ${kB(js.wireBytes)} on the wire, ${js.files.length} files${signedIn ? ' (signed in)' : ''}`,
    );
    table.push({
      measure: `first-visit JS ${route}`,
      value: kB(js.gzipBytes),
      budget: budgeted ? `≤ ${kB(firstVisitBudgetBytes)}` : '',
      verdict: budgeted ? verdict(js.gzipBytes <= firstVisitBudgetBytes) : '',
    });
  }

  console.log(
    `== requests of a visit to / at phone size (issue 22: ≤ ${firstVisitRequestBudget} on a first visit, ` +
      `${repeatVisitJsBudgetBytes} B of JavaScript downloaded again on a repeat visit)`,
  );
  const visits = await measureVisitRequests(stack.url);
  // The worse of the two repeat visits: the same tab going to / again, and a new tab opening it.
  const repeat = visits.again.jsBytes >= visits.newTab.jsBytes ? visits.again : visits.newTab;
  results.visitRequests = {
    route: visits.route,
    first: { requests: visits.first.requests, byType: visits.first.byType },
    repeat: { jsBytes: repeat.jsBytes, revalidated: repeat.revalidated, fromCache: repeat.fromCache },
  };
  console.log(`  first visit: ${visits.first.requests} requests ${JSON.stringify(visits.first.byType)}`);
  console.log(
    `  repeat visit: ${repeat.jsBytes} B of JavaScript downloaded, ${repeat.revalidated} requests revalidated (304), ${repeat.fromCache} from the cache`,
  );
  table.push({
    measure: 'first-visit requests /',
    value: String(visits.first.requests),
    budget: `≤ ${firstVisitRequestBudget}`,
    verdict: verdict(visits.first.requests <= firstVisitRequestBudget),
  });
  table.push({
    measure: 'repeat-visit JS /',
    value: `${repeat.jsBytes} B`,
    budget: `${repeatVisitJsBudgetBytes} B`,
    verdict: verdict(repeat.jsBytes <= repeatVisitJsBudgetBytes),
  });

  console.log(
    `== Lighthouse on every public route and /dashboard (signed in), mobile, median of 3 runs (${budgetText})`,
  );
  results.lighthouse = await measureLighthouse(stack.url);
  printLighthouse(results.lighthouse);
  for (const row of results.lighthouse) {
    table.push({
      measure: `Lighthouse ${row.page}`,
      value: Object.values(row.scores).join(' / '),
      budget: 'issue 22',
      verdict: verdict(row.underBudget.length === 0),
    });
  }

  console.log(
    `== long tasks after the first paint until the section took over, CPU ${cpuSlowdown}× slower (issue 22: none over ${sectionMountTaskBudgetMs} ms)`,
  );
  results.sectionMountTasks = await measureSectionMountTasks(stack.url);
  printSectionMountTasks(results.sectionMountTasks);
  for (const row of results.sectionMountTasks) {
    table.push({
      measure: `longest task ${row.page} (CPU ${cpuSlowdown}×)`,
      value: `${row.longestMs} ms`,
      budget: `≤ ${sectionMountTaskBudgetMs} ms`,
      verdict: verdict(row.longestMs <= sectionMountTaskBudgetMs),
    });
  }

  console.log(
    '== gateway overhead: p99 through the gateway / p99 straight to the service, side by side (autocannon, 50 connections)',
  );
  results.gatewayRatio = await measureGatewayRatio(stack.url, { identity: stack.serviceUrl('identity') });
  const ratioClean = printGatewayRatio(results.gatewayRatio);
  for (const row of results.gatewayRatio) {
    table.push({
      measure: `gateway/direct p99 ${row.endpoint}`,
      value: `${row.p99Ratio.toFixed(2)} (${row.gateway.p99Ms} / ${row.direct.p99Ms} ms)`,
      budget: 'no failed request',
      verdict: verdict(ratioClean),
    });
  }

  console.log(
    `== throughput through the gateway at 50 connections, 10 s a round (catalog read: medians of 3 rounds, ` +
      `issue 22: ≥ ${catalogReadBudget.minRps} rps, p99 ≤ ${catalogReadBudget.maxP99Ms} ms)`,
  );
  results.throughput = await measureThroughput(stack.url);
  printThroughput(results.throughput);
  for (const row of results.throughput) {
    table.push({
      measure: `throughput ${row.measure}`,
      value: `${row.rps} rps (p99 ${row.p99Ms} ms)`,
      budget: row.budget
        ? `≥ ${row.budget.minRps} rps, p99 ≤ ${row.budget.maxP99Ms} ms, no failed request`
        : 'no failed request',
      verdict: verdict(row.withinBudget),
    });
  }

  console.log(
    '== load scenarios of deploy/load (k6) with autocannon, 10 s each, thresholds of deploy/load/scenarios.json',
  );
  results.loadScenarios = await measureLoadScenarios(stack.url);
  printLoadScenarios(results.loadScenarios);
  for (const row of results.loadScenarios) {
    table.push({
      measure: `load ${row.scenario}`,
      value: `p95 ${row.p95Ms} ms, ${(row.failedRate * 100).toFixed(2)} % failed, ${row.rps} rps`,
      budget: `p95 < ${row.p95BudgetMs} ms, < ${row.failedRateBudget * 100} %`,
      verdict: verdict(row.withinBudget),
    });
  }

  console.log(
    '== the gateway against its peers, GET /api/identity/features in one interleaved run (issue 22: p99 ≤ 1.2× nginx, rps ≥ 1.5× a minimal Fastify proxy and ≥ 0.6× nginx)',
  );
  const peers = await runBenchScript('gateway-overhead.mjs', [], {
    IDENTITY_URL: stack.serviceUrl('identity'),
  });
  results.gatewayVsPeers = peers.figures;
  if (peers.figures) {
    const { summary, ratios } = peers.figures;
    table.push({
      measure: 'gateway/nginx p99, rps',
      value: `${ratios.vsNginx.p99.toFixed(2)}, ${ratios.vsNginx.rps.toFixed(2)} (${summary.gateway.p99} / ${summary.nginx.p99} ms, ${summary.gateway.rps} / ${summary.nginx.rps} rps)`,
      budget: '≤ 1.2, ≥ 0.6',
      verdict: verdict(peers.figures.checks.p99VsNginx && peers.figures.checks.rpsVsNginx),
    });
    table.push({
      measure: 'gateway/Fastify proxy rps',
      value: `${ratios.vsFastify.rps.toFixed(2)} (${summary.gateway.rps} / ${summary.fastify.rps} rps)`,
      budget: '≥ 1.5',
      verdict: verdict(peers.figures.checks.rpsVsFastify),
    });
    if (!peers.figures.checks.noFailedRequest)
      table.push({
        measure: 'gateway against its peers',
        value: `${peers.figures.failures} failed requests`,
        budget: 'no failed request',
        verdict: 'OVER',
      });
  } else table.push({ measure: 'gateway against its peers', value: 'could not run', verdict: 'OVER' });

  console.log('== GET /api/auth/me through the gateway (p99 ≤ 50 ms at 50 connections; off-loop hashing)');
  const me = await runBenchScript('auth-me.mjs', [stack.url]);
  results.authMe = me.figures;
  table.push({
    measure: 'auth/me p99 (during logins)',
    value: me.figures
      ? `${me.figures.steady.p99Ms} ms (${me.figures.duringLogins.p99Ms} ms)`
      : 'could not run',
    budget: '≤ 50 ms',
    verdict: verdict(me.status === 0),
  });

  console.log(
    '== POST /api/create-payment-intent through the gateway (200 carts, 20 at a time: p99 ≤ 300 ms, no error, no duplicate; after a Stripe 500, no order left without a PaymentIntent)',
  );
  const checkout = await runBenchScript('payment-intents.mjs', [
    stack.url,
    '--no-fake-stripe',
    '--fake-stripe-url',
    stack.fakeStripe?.url ?? '',
  ]);
  results.paymentIntents = checkout.figures;
  table.push({
    measure: 'payment intents p99',
    value: checkout.figures
      ? `${checkout.figures.p99Ms.toFixed(0)} ms, ${checkout.figures.duplicates} duplicates, ` +
        `${checkout.figures.afterFailure.withoutPaymentIntent} unpaid after a 500`
      : 'could not run',
    budget: '≤ 300 ms, 0 duplicates, 0 unpaid',
    verdict: verdict(checkout.status === 0),
  });

  console.log(
    '== account recovery: forgot-password p99 ≤ 150 ms at 20 concurrent (SMTP up and hung), reset mail p95 ≤ 2 s, two-factor sign-in ≤ +20 ms p99',
  );
  const account = await runBenchScript('account-mail.mjs', [
    stack.url,
    '--mail-catcher',
    stack.mailCatcherUrl,
  ]);
  results.accountMail = account.figures;
  table.push({
    measure: 'forgot-password p99 (SMTP hung)',
    value: account.figures
      ? `${account.figures.resetP99Ms.toFixed(0)} ms (${account.figures.resetP99SmtpHungMs.toFixed(0)} ms)`
      : 'could not run',
    budget: '≤ 150 ms',
    verdict: verdict(account.status === 0),
  });
  if (account.figures) {
    table.push({
      measure: 'reset mail p95; two-factor sign-in p99',
      value: `${account.figures.mailP95Ms} ms; ${account.figures.twoFactorSignInP99Ms.toFixed(0)} ms vs ${account.figures.signInP99Ms.toFixed(0)} ms`,
      budget: '≤ 2000 ms; ≤ +20 ms',
      verdict: verdict(account.status === 0),
    });
  }

  console.log('== a dialer event to the open dashboard through the gateway (p95 ≤ 1 s)');
  const live = await runBenchScript('live-metrics.mjs', [stack.url]);
  results.liveMetrics = live.figures;
  table.push({
    measure: 'dialer event → dashboard p95',
    value: live.figures ? `${live.figures.p95Ms.toFixed(0)} ms` : 'could not run',
    budget: '≤ 1000 ms',
    verdict: verdict(live.status === 0),
  });

  console.log(
    "== a staff reply to the customer's open ticket page through the gateway (issue 19, p95 ≤ 1 s)",
  );
  const ticketReply = await runBenchScript('ticket-reply-latency.mjs', [stack.url], {
    STAFF_EMAIL: stack.staff.email,
    STAFF_PASSWORD: stack.staff.password,
  });
  results.ticketReplyLatency = ticketReply.figures;
  table.push({
    measure: 'staff reply → open ticket page p95',
    value: ticketReply.figures ? `${ticketReply.figures.p95Ms.toFixed(0)} ms` : 'could not run',
    budget: '≤ 1000 ms',
    verdict: verdict(ticketReply.status === 0),
  });

  console.log(
    '== live chat: a message to the other side through the gateway with 200 chats open (issue 24, p95 ≤ 300 ms)',
  );
  const liveChat = await runBenchScript('live-chat-latency.mjs', [stack.url], {
    STAFF_EMAIL: stack.staff.email,
    STAFF_PASSWORD: stack.staff.password,
  });
  results.liveChatLatency = liveChat.figures;
  table.push({
    measure: 'chat message → other side p95 (200 chats)',
    value: liveChat.figures ? `${liveChat.figures.p95Ms.toFixed(0)} ms` : 'could not run',
    budget: '≤ 300 ms',
    verdict: verdict(liveChat.status === 0),
  });

  console.log(
    '== authorization (issue 18): p99 of GET /api/user/orders and GET /api/support/tickets at 50 connections, before issue 18 (its parent commit, built aside) and after (this tree), side by side (after ≤ before × 1.05 + noise allowance)',
  );
  const authorization = await runBenchScript('authorization.mjs', [stack.url]);
  results.authorization = authorization.figures;
  for (const row of authorization.figures?.rows ?? [
    { endpoint: 'GET /api/user/orders, /api/support/tickets' },
  ]) {
    table.push({
      measure: `authorization p99 ${row.endpoint}`,
      value: row.before
        ? `${row.after.p99Ms} ms after vs ${row.before.p99Ms} ms before (×${row.ratio.toFixed(3)})` +
          `${row.before.failed + row.after.failed + row.again.failed ? ', some requests failed' : ''}`
        : 'could not run',
      budget: row.limitMs
        ? `≤ ${row.limitMs.toFixed(1)} ms (before ×1.05 + ${row.allowanceMs} ms noise)`
        : '≤ before × 1.05 + noise',
      verdict: verdict(Boolean(row.withinBudget)),
    });
  }

  console.log(
    '== capacity model (issue 21, docs/operations.md): CPU time and memory per request of each main route, gateway and service, and the events it writes',
  );
  const capacity = await runBenchScript('capacity.mjs', [stack.url]);
  results.capacity = capacity.figures;
  table.push({
    measure: 'capacity figures, main routes',
    value: capacity.figures ? `${capacity.figures.length} routes measured` : 'could not run',
    budget: 'no failed request',
    verdict: verdict(capacity.status === 0),
  });

  console.log(
    '== metrics and traces in the gateway (issue 21: together ≤ 5 % on p99 and rps, GET /api/identity/features at 50 connections, on and off interleaved)',
  );
  const observability = await runBenchScript('observability-overhead.mjs');
  results.observabilityOverhead = observability.figures;
  table.push({
    measure: 'gateway metrics + traces',
    value: observability.figures
      ? `p99 ×${observability.figures.p99Ratio.toFixed(3)}, rps ×${observability.figures.rpsRatio.toFixed(3)}`
      : 'could not run',
    budget: 'p99 ≤ ×1.05, rps ≥ ×0.95',
    verdict: verdict(observability.status === 0),
  });
} finally {
  await stack.stop();
}

console.log(
  '== data migration of issue 18 (budget 60 s): 100,000 orders and 100,000 tickets of 20,000 customers to their organizations',
);
const orgMigration = await runBenchScript('org-migration.mjs');
results.orgMigration = orgMigration.figures;
table.push({
  measure: 'organization data migration',
  value: orgMigration.figures ? `${orgMigration.figures.seconds} s` : 'could not run',
  budget: '≤ 60 s, every row its organization',
  verdict: verdict(orgMigration.status === 0),
});

console.log('== invoice PDF of issue 19 (budget p95 300 ms): a 20-page invoice rendered by commerce');
const invoicePdf = await runBenchScript('invoice-pdf.mjs');
results.invoicePdf = invoicePdf.figures;
table.push({
  measure: 'invoice PDF, 20 pages',
  value: invoicePdf.figures ? `p95 ${invoicePdf.figures.p95Ms} ms` : 'could not run',
  budget: '≤ 300 ms',
  verdict: verdict(invoicePdf.status === 0),
});

console.log(
  '== staff queue of issue 19 (budget p99 50 ms): the first page of 100,000 tickets, and of each filter, at 20 connections',
);
const staffQueue = await runBenchScript('staff-queue.mjs');
results.staffQueue = staffQueue.figures;
table.push({
  measure: 'staff queue first page, 100,000 tickets',
  value: staffQueue.figures
    ? `p99 ${staffQueue.figures.value} ms (worst filter ${Math.max(...Object.values(staffQueue.figures.filters))} ms)`
    : 'could not run',
  budget: '≤ 50 ms at 20 connections',
  verdict: verdict(staffQueue.status === 0),
});

console.log(
  '== public API of issue 20 (budget p99 30 ms, limiter 2 ms): GET /v1/tickets at 50 connections with 50 keys',
);
const v1Api = await runBenchScript('v1-api.mjs');
results.v1Api = v1Api.figures;
table.push({
  measure: 'GET /v1/tickets through the gateway, 50 keys',
  value: v1Api.figures
    ? `p99 ${v1Api.figures.p99} ms, rate limiter +${v1Api.figures.limiterP99} ms p99`
    : 'could not run',
  budget: '≤ 30 ms p99 at 50 connections, limiter ≤ 2 ms',
  verdict: verdict(v1Api.status === 0),
});

console.log(
  '== webhooks of issue 20 (budget p95 1 s): a ticket.created delivery after the ticket is created',
);
const webhookDelivery = await runBenchScript('webhook-delivery.mjs');
results.webhookDelivery = webhookDelivery.figures;
table.push({
  measure: 'ticket.created webhook after the ticket',
  value: webhookDelivery.figures ? `p95 ${webhookDelivery.figures.p95} ms` : 'could not run',
  budget: '≤ 1 s p95',
  verdict: verdict(webhookDelivery.status === 0),
});

console.log('\n== summary');
printTable(table);
results.summary = table;
writeResults(results);
console.log(`\nwritten to ${resultsPath}`);
const over = table.filter((row) => row.verdict === 'OVER').map((row) => row.measure);
console.log(over.length === 0 ? 'all budgets met' : `over budget: ${over.join(', ')}`);
process.exitCode = over.length === 0 ? 0 : 1;

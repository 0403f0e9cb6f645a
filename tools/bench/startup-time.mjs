// Budget: `npm start` from a built tree to 'Portal ready' ≤ 20 s. Runs the runner as npm start does
// (embedded defaults unless DATABASE_URL / NATS_URL are set), twice, and reports each time.
import { portEnv, portPlan } from '@portal/toolkit/port-plan';
import { startRunner } from '@portal/toolkit/stack';

export const startupBudgetMs = 20_000;

// The runner ends with 130 (128 + SIGINT) after Ctrl-C, the shell's convention for an interrupted command.
const stoppedCleanly = (code) => code === 0 || code === 130;

export async function measureStartup(rounds = 2) {
  const results = [];
  for (let round = 0; round < rounds; round++) {
    const stack = await startRunner({
      // Every port of its own, so it never meets a developer's stack on the default ports.
      env: portEnv(portPlan.benchStartup.ports),
    });
    const { stopMs, code } = await stack.stop();
    results.push({ readyMs: Math.round(stack.readyMs), stopMs: Math.round(stopMs), exitCode: code });
  }
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const results = await measureStartup();
  for (const [i, r] of results.entries()) {
    console.log(
      `start ${i + 1}: ready in ${(r.readyMs / 1000).toFixed(1)} s, Ctrl-C stopped it in ${(r.stopMs / 1000).toFixed(1)} s (exit ${r.exitCode})`,
    );
  }
  process.exitCode = results.every((r) => r.readyMs <= startupBudgetMs && stoppedCleanly(r.exitCode)) ? 0 : 1;
}

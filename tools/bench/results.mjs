// How `npm run bench` gathers figures: scripts it runs as child processes hand theirs over in a JSON
// file (BENCH_RESULT_FILE), and everything ends up in bench/results.json and one summary table.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { rootDir } from '@portal/toolkit/stack';

export const resultsPath = path.join(rootDir, 'bench/results.json');

/** Called by a benchmark script with its figures; a no-op when it was not started by `npm run bench`. */
export function reportResult(figures) {
  const file = process.env.BENCH_RESULT_FILE;
  if (file) writeFileSync(file, JSON.stringify(figures, null, 2));
}

/**
 * Runs tools/bench/<script> with its output shown; answers its exit status and reported figures.
 * Asynchronous on purpose: the fake Stripe API the checkout scripts call lives in this process.
 */
export async function runBenchScript(script, args = [], env = {}) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-result-'));
  const file = path.join(dir, 'result.json');
  try {
    const child = spawn(process.execPath, [path.join(rootDir, 'tools/bench', script), ...args], {
      stdio: 'inherit',
      env: { ...process.env, ...env, BENCH_RESULT_FILE: file },
    });
    const status = await new Promise((resolve, reject) => {
      child.once('error', reject);
      child.once('exit', (code) => resolve(code));
    });
    let figures;
    try {
      figures = JSON.parse(readFileSync(file, 'utf8'));
    } catch {
      figures = undefined;
    }
    return { status, figures };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function writeResults(results) {
  mkdirSync(path.dirname(resultsPath), { recursive: true });
  writeFileSync(resultsPath, `${JSON.stringify(results, null, 2)}\n`);
}

/** Prints rows of { measure, value, budget, verdict } as an aligned table. */
export function printTable(rows) {
  const columns = ['measure', 'value', 'budget', 'verdict'];
  const widths = columns.map((column) =>
    Math.max(column.length, ...rows.map((row) => String(row[column] ?? '').length)),
  );
  const line = (cells) => cells.map((cell, i) => String(cell ?? '').padEnd(widths[i])).join(' | ');
  console.log(line(columns));
  console.log(widths.map((width) => '-'.repeat(width)).join('-+-'));
  for (const row of rows) console.log(line(columns.map((column) => row[column])));
}

// The local mail catcher of `npm start` (maildev): crm sends every mail to it when SMTP_URL is not
// set; a developer reads them in its web inbox, the suites over its REST API (`GET /api/email`).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { isListening, waitForHttp } from './net.mjs';
import { stopChild } from './processes.mjs';

/**
 * Starts maildev on 127.0.0.1: SMTP on `smtpPort`, the web inbox and REST API on `webPort`. Resolves
 * once both answer, with the SMTP_URL to give crm, the inbox's address and stop().
 * @param {{
 *   rootDir: string,
 *   smtpPort: number,
 *   webPort: number,
 *   log: (line: string) => void,
 *   onExit?: (code: number | null, signal: NodeJS.Signals | null) => void,
 * }} options
 * @returns {Promise<{ smtpUrl: string, inboxUrl: string, stop: () => Promise<void> }>}
 */
export async function startMailCatcher({ rootDir, smtpPort, webPort, log, onExit }) {
  const script = path.join(rootDir, 'node_modules/maildev/dist/bin/maildev.js');
  const args = ['--smtp', String(smtpPort), '--web', String(webPort), '--ip', '127.0.0.1'];
  const child = spawn(process.execPath, [script, ...args, '--web-ip', '127.0.0.1'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // maildev announces itself and each mail: pass on only what went wrong.
  const logProblems = (/** @type {Buffer} */ chunk) =>
    chunk
      .toString()
      .split('\n')
      .filter((line) => /error|warn|fail/i.test(line))
      .forEach(log);
  child.stdout.on('data', logProblems);
  child.stderr.on('data', logProblems);
  let exited = false;
  child.on('exit', (code, signal) => {
    exited = true;
    onExit?.(code, signal);
  });
  const stop = () => stopChild(child);
  try {
    await waitForHttp(`http://127.0.0.1:${webPort}/api/healthz`, { timeoutMs: 15_000 });
    if (exited || !(await isListening('127.0.0.1', smtpPort, 1000))) {
      throw new Error(`maildev's SMTP server does not answer on 127.0.0.1:${smtpPort}`);
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    inboxUrl: `http://localhost:${webPort}`,
    stop,
  };
}

import { execFile } from 'node:child_process';
import path from 'node:path';
import { baseURL } from '../playwright.config';
import { e2eReleasesRoot } from './releases.mjs';

const repoRoot = path.resolve(__dirname, '..', '..');

/** Runs the release tool's command as `npm run release -- …` does, on the e2e stack and its store. */
export function releaseTool(command: 'release' | 'rollback', args: string[]) {
  const started = Date.now();
  return new Promise<{ seconds: number; output: string }>((resolve, reject) => {
    execFile(
      process.execPath,
      [path.join(repoRoot, 'tools', 'release', 'src', `${command}.mjs`), ...args],
      { env: { ...process.env, RELEASES_ROOT: e2eReleasesRoot, PORTAL_URL: baseURL }, timeout: 120_000 },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`${command} ${args.join(' ')} failed: ${stderr || error.message}`));
        else resolve({ seconds: (Date.now() - started) / 1000, output: stdout });
      },
    );
  });
}

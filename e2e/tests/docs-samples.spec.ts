import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {
  expect,
  request as playwrightRequest,
  test,
  type APIRequestContext,
  type Page,
} from '@playwright/test';
import {
  apiKeyScopes,
  type CreatedApiKey,
  type CreatedWebhookEndpoint,
  type V1Ticket,
  V1_RATE_LIMIT,
  type WebhookDeliveryPage,
} from '@portal/contracts';
import { baseURL } from '../playwright.config';
import { ok } from '../support/api';
import { CUSTOMER_PASSWORD, uniqueEmail } from '../support/customer';

// The docs page's samples, run as a developer would run them (ADR 0204): each JavaScript, Python and
// PHP sample is read from the page as it shows it (its language switch, the base URL of the
// deployment's runtime config), written to a file and run with Node, Debian's python3 (requests,
// Flask) and php-cli against this stack, with an API key of every scope made on the Developers API.
// The webhook receivers are started on a free port, registered as an endpoint, and must print the
// ticket.created event they verified. A sample that stops working fails the suite.

const languages = [
  { label: 'JavaScript', file: 'sample.mjs', command: process.execPath },
  // Debian's interpreter (apt's python3-requests, python3-flask), not a pyenv shim earlier on PATH.
  { label: 'Python', file: 'sample.py', command: '/usr/bin/python3' },
  { label: 'PHP', file: 'sample.php', command: 'php' },
] as const;
type Language = (typeof languages)[number]['label'];
type Sample = Record<Language, string>;

/** Every multi-language sample of the section at `/docs#<id>`, by title, in each language as the page shows it. */
async function samplesOf(page: Page, sectionId: string): Promise<Map<string, Sample>> {
  await page.goto(`/docs#${sectionId}`);
  const figures = page
    .locator('main figure')
    .filter({ has: page.getByRole('group', { name: /^Language of / }) });
  await expect(figures.first()).toBeVisible();
  const samples = new Map<string, Partial<Sample>>();
  for (const { label } of languages) {
    await page
      .getByRole('group', { name: /^Language of / })
      .first()
      .getByRole('button', { name: label })
      .click();
    await expect(page.getByRole('button', { name: label }).first()).toHaveAttribute('aria-pressed', 'true');
    for (const figure of await figures.all()) {
      const title = (await figure.locator('figcaption').textContent()) ?? '';
      const code = (await figure.locator('pre').textContent()) ?? '';
      samples.set(title, { ...samples.get(title), [label]: code });
    }
  }
  return samples as Map<string, Sample>;
}

let workDir: string;
let api: APIRequestContext;
let memberAuth: Record<string, string>;
let apiKey: string;
let apiBaseUrl: string;
const samples = new Map<string, Sample>();

function sample(title: string): Sample {
  const found = samples.get(title);
  if (!found)
    throw new Error(`The docs page has no sample '${title}' (it has ${[...samples.keys()].join(', ')})`);
  return found;
}

interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `source` as a program of `language` with `args`, the API key in MILLSTONE_API_KEY. */
async function run(language: Language, source: string, args: string[] = [], key = apiKey): Promise<Ran> {
  const { file, command } = languages.find((each) => each.label === language)!;
  const dir = await mkdtemp(path.join(workDir, `${language.toLowerCase()}-`));
  await writeFile(path.join(dir, file), source);
  return new Promise((resolve) => {
    execFile(
      command,
      [file, ...args],
      {
        cwd: dir,
        timeout: 30_000,
        env: { PATH: process.env.PATH, HOME: process.env.HOME, MILLSTONE_API_KEY: key },
      },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

/** Runs `source` and returns what it printed; a failing sample fails the test with its output. */
async function runOk(language: Language, source: string, args: string[] = []): Promise<string> {
  const ran = await run(language, source, args);
  expect(ran, `${language} sample failed:\n${ran.stderr}\n${source}`).toMatchObject({ code: 0 });
  return ran.stdout;
}

/** A port nothing listens on right now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function listening(port: number, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the receiver exited (${child.exitCode}):\n${output()}`);
    const connected = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (connected) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the receiver never listened on ${port}:\n${output()}`);
}

test.describe('the docs samples, run against the stack', () => {
  test.describe.configure({ mode: 'serial' });

  test.beforeAll(async ({ browser }) => {
    test.setTimeout(60_000);
    workDir = await mkdtemp(path.join(os.tmpdir(), 'docs-samples-'));
    api = await playwrightRequest.newContext({ baseURL });
    const { token } = await ok<{ token: string }>(
      'sign-up',
      api.post('/api/auth/register', {
        data: { name: 'Sam Okafor', email: uniqueEmail('docs'), password: CUSTOMER_PASSWORD },
      }),
    );
    memberAuth = { Authorization: `Bearer ${token}` };
    ({ key: apiKey } = await ok<CreatedApiKey>(
      'API key',
      api.post('/api/developers/keys', {
        headers: memberAuth,
        data: { name: 'Docs samples', scopes: [...apiKeyScopes] },
      }),
    ));
    ({
      api: { baseUrl: apiBaseUrl },
    } = await ok<{ api: { baseUrl: string } }>('runtime config', api.get('/runtime-config.json')));

    const page = await browser.newPage({ baseURL, viewport: { width: 1280, height: 900 } });
    await page.goto('/docs');
    // The page shows the deployment's base URL, which the samples below reach.
    await expect(page.getByRole('listitem').filter({ hasText: 'Base URL:' })).toContainText(apiBaseUrl);
    for (const section of [
      'getting-started',
      'api-reference',
      'webhooks',
      'authentication',
      'code-examples',
    ]) {
      for (const [title, code] of await samplesOf(page, section)) {
        const seen = samples.get(title);
        // A sample shown in two sections (Create a ticket) is the same program in both.
        if (seen) expect(code).toEqual(seen);
        samples.set(title, code);
      }
    }
    await page.close();
  });

  test.afterAll(async () => {
    await api?.dispose();
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });

  test("every sample uses the base URL the page shows and the key's variable", () => {
    expect([...samples.keys()].sort()).toEqual(
      [
        'An authenticated client',
        'Create a ticket',
        'Fetch a ticket',
        'Handle webhook events',
        'List every ticket',
        'List your agents',
        'Receive webhooks',
        'Stay within the rate limit',
      ].sort(),
    );
    expect(sample('Handle webhook events')).toEqual(sample('Receive webhooks'));
    for (const [title, code] of samples) {
      for (const { label } of languages) {
        if (/webhook/i.test(title)) {
          expect(code[label]).toContain('MILLSTONE_WEBHOOK_SECRET');
        } else {
          expect(code[label]).toContain('MILLSTONE_API_KEY');
          expect(code[label]).toContain(apiBaseUrl);
        }
      }
    }
  });

  for (const { label } of languages) {
    test(`${label}: create a ticket, fetch it, list tickets and agents, and read the rate limit`, async () => {
      test.setTimeout(90_000);
      const created = await runOk(label, sample('Create a ticket')[label]);
      const [, ticketId] = /^(tkt_[0-9a-f]{32}) open high$/m.exec(created) ?? [];
      expect(ticketId, `Create a ticket printed: ${created}`).toBeTruthy();
      const stored = await ok<V1Ticket>(
        'the created ticket',
        api.get(`/v1/tickets/${ticketId}`, { headers: { Authorization: `Bearer ${apiKey}` } }),
      );
      expect(stored).toMatchObject({
        customer_id: 'cus_48213',
        subject: 'Order arrived damaged',
        priority: 'high',
      });

      expect(await runOk(label, sample('Fetch a ticket')[label], [ticketId])).toMatch(
        new RegExp(`^${ticketId} open Order arrived damaged agent: (agt_[0-9a-f]{32}|none yet)$`, 'm'),
      );
      const missing = await run(label, sample('Fetch a ticket')[label], [`tkt_${'0'.repeat(32)}`]);
      expect(missing.code).not.toBe(0);
      expect(missing.stderr).toContain(`No ticket tkt_${'0'.repeat(32)} on your account`);

      const listed = await runOk(label, sample('List every ticket')[label]);
      expect(listed).toMatch(new RegExp(`^${ticketId} open Order arrived damaged$`, 'm'));

      for (const title of ['List your agents', 'An authenticated client']) {
        expect(await runOk(label, sample(title)[label])).toMatch(/^Agents on your account: \d+$/m);
      }

      const limited = await runOk(label, sample('Stay within the rate limit')[label]);
      const [, remaining, limit] =
        /^Requests left this hour: (\d+) of (\d+) \(one more is freed at \d{4}-\d\d-\d\dT[\d:.]+(Z|\+00:00)\)$/m.exec(
          limited,
        ) ?? [];
      expect(Number(limit), `Stay within the rate limit printed: ${limited}`).toBe(V1_RATE_LIMIT);
      expect(Number(remaining)).toBeLessThan(V1_RATE_LIMIT);
    });

    test(`${label}: a wrong key gets the documented 401 error`, async () => {
      const ran = await run(
        label,
        sample('An authenticated client')[label],
        [],
        `mcx_live_${'x'.repeat(40)}`,
      );
      expect(ran.code).not.toBe(0);
      expect(ran.stderr).toMatch(/401 authentication_error\/invalid_api_key: .+ \(request \S+\)/);
    });
  }

  for (const { label, file } of languages) {
    test(`${label}: the webhook receiver verifies and prints a ticket.created delivery, once when it is resent`, async () => {
      test.setTimeout(90_000);
      const port = await freePort();
      const endpoint = await ok<CreatedWebhookEndpoint>(
        'webhook endpoint',
        api.post('/api/developers/webhooks', {
          headers: memberAuth,
          data: { url: `http://127.0.0.1:${port}/webhooks/millstone`, events: ['ticket.created'] },
        }),
      );
      const dir = await mkdtemp(path.join(workDir, 'receiver-'));
      const receiverFile = file.replace('sample', 'receiver');
      await writeFile(path.join(dir, receiverFile), sample('Receive webhooks')[label]);
      const env = {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        MILLSTONE_WEBHOOK_SECRET: endpoint.signingSecret,
        PORT: String(port),
      };
      const args = label === 'PHP' ? ['-S', `127.0.0.1:${port}`, receiverFile] : [receiverFile];
      const command = languages.find((each) => each.label === label)!.command;
      const receiver = spawn(command, args, { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      receiver.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      receiver.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      try {
        await listening(port, receiver, () => output);

        // It refuses what is not signed with the endpoint's secret.
        const forged = await fetch(`http://127.0.0.1:${port}/webhooks/millstone`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-portal-signature': `t=${Math.floor(Date.now() / 1000)},v1=${'ab'.repeat(32)}`,
          },
          body: JSON.stringify({
            id: 'evt_forged',
            event: 'ticket.created',
            created_at: new Date().toISOString(),
            data: {},
          }),
        });
        expect(forged.status).toBe(400);

        const subject = `Docs receiver ${label} ${Date.now()}`;
        const ticket = await ok<V1Ticket>(
          'ticket',
          api.post('/v1/tickets', {
            headers: { Authorization: `Bearer ${apiKey}` },
            data: { customer_id: 'cus_docs', subject },
          }),
        );
        const printed = `New ticket ${ticket.id} for cus_docs - ${subject}`;
        await expect
          .poll(() => output, { timeout: 30_000, message: `the ${label} receiver printed:\n${output}` })
          .toContain(printed);

        // Resent from the delivery log, the same event (X-Portal-Event-Id) is answered and not handled twice.
        const deliveries = `/api/developers/webhooks/${endpoint.id}/deliveries`;
        const log = await ok<WebhookDeliveryPage>(
          'delivery log',
          api.get(deliveries, { headers: memberAuth }),
        );
        const delivery = log.items.find((each) => each.requestBody.includes(ticket.id));
        expect(delivery, JSON.stringify(log)).toBeTruthy();
        await ok('resend', api.post(`${deliveries}/${delivery!.id}/resend`, { headers: memberAuth }));
        await expect
          .poll(
            async () => {
              const page = await ok<WebhookDeliveryPage>(
                'delivery log',
                api.get(deliveries, { headers: memberAuth }),
              );
              const attempts = page.items.find((each) => each.id === delivery!.id)?.attempts ?? [];
              return attempts.map((attempt) => attempt.responseStatus);
            },
            { timeout: 30_000 },
          )
          .toEqual([200, 200]);
        expect(output.split(printed).length - 1).toBe(1);
      } finally {
        receiver.kill();
        // No delivery to a receiver that is gone.
        await api.delete(`/api/developers/webhooks/${endpoint.id}`, { headers: memberAuth });
      }
    });
  }
});

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { envVars, EnvValidationError, loadEnv, parseEnv, serviceConfigLoader, serviceEnv } from './index';

describe('env', () => {
  const schema = z.object({
    PORT: envVars.port(3101),
    DATABASE_URL: envVars.postgresUrl(),
    NATS_URL: envVars.optionalNatsUrl(),
    LOG_LEVEL: envVars.logLevel(),
  });

  it('applies defaults and treats empty optional variables as unset', () => {
    expect(parseEnv(schema, { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/x', NATS_URL: '' })).toEqual({
      PORT: 3101,
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/x',
      NATS_URL: undefined,
      LOG_LEVEL: 'info',
    });
    expect(
      parseEnv(schema, {
        PORT: '4000',
        DATABASE_URL: 'postgresql://u:p@h/x',
        NATS_URL: 'nats://n:4222',
        LOG_LEVEL: 'debug',
      }),
    ).toMatchObject({ PORT: 4000, NATS_URL: 'nats://n:4222', LOG_LEVEL: 'debug' });
  });

  it('reads a variable from the file its _FILE names, as mounted secrets are, and says what is wrong with one', () => {
    const dir = mkdtempSync(join(tmpdir(), 'env-file-'));
    try {
      const secret = join(dir, 'database_url');
      writeFileSync(secret, 'postgres://svc:s3cret@db:5432/portal_crm\n');
      expect(parseEnv(schema, { DATABASE_URL_FILE: secret, LOG_LEVEL_FILE: '' })).toMatchObject({
        DATABASE_URL: 'postgres://svc:s3cret@db:5432/portal_crm',
        LOG_LEVEL: 'info',
      });

      let error: unknown;
      try {
        parseEnv(schema, {
          DATABASE_URL: 'postgres://a@b/c',
          DATABASE_URL_FILE: secret,
          NATS_URL_FILE: join(dir, 'missing'),
        });
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(EnvValidationError);
      expect((error as EnvValidationError).problems).toEqual([
        'DATABASE_URL_FILE: DATABASE_URL is set too; set one of them',
        `NATS_URL_FILE: cannot read ${join(dir, 'missing')} (ENOENT)`,
      ]);

      // What the file holds is validated like the variable itself.
      writeFileSync(secret, 'mysql://nope');
      expect(() => parseEnv(schema, { DATABASE_URL_FILE: secret })).toThrow(
        /DATABASE_URL: must be a PostgreSQL URL/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('names every missing or bad variable', () => {
    let error: unknown;
    try {
      parseEnv(schema, { PORT: '99999', NATS_URL: 'http://nats', LOG_LEVEL: 'loud' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(EnvValidationError);
    const problems = (error as EnvValidationError).problems;
    expect(problems).toEqual([
      expect.stringMatching(/^PORT: /),
      'DATABASE_URL: is required but not set',
      'NATS_URL: must be a NATS URL such as nats://127.0.0.1:4222',
      expect.stringMatching(/^LOG_LEVEL: /),
    ]);
    expect((error as Error).message).toContain('DATABASE_URL: is required but not set');
  });

  it('reads http(s) URLs with a default, and optional values that must match a pattern when set', () => {
    const more = z.object({
      IDENTITY_URL: envVars.httpUrl('http://127.0.0.1:3101'),
      API_KEY: envVars.optionalMatching(/^key_\w+$/, 'must look like key_…'),
    });
    expect(parseEnv(more, { IDENTITY_URL: '', API_KEY: '' })).toEqual({
      IDENTITY_URL: 'http://127.0.0.1:3101',
      API_KEY: undefined,
    });
    expect(parseEnv(more, { IDENTITY_URL: 'https://id.example', API_KEY: 'key_1' })).toEqual({
      IDENTITY_URL: 'https://id.example',
      API_KEY: 'key_1',
    });
    expect(() => parseEnv(more, { IDENTITY_URL: 'ftp://id', API_KEY: 'nope' })).toThrow(
      /IDENTITY_URL: must be an http\(s\) URL such as http:\/\/127.0.0.1:3101\n.*API_KEY: must look like key_…/,
    );
  });

  it('has a service listen on 127.0.0.1 and believe X-Forwarded-For from loopback alone, unless told', () => {
    const service = z.object(serviceEnv(3104));
    const database = { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/x' };
    expect(parseEnv(service, database)).toMatchObject({ HOST: '127.0.0.1', TRUSTED_PROXIES: ['loopback'] });
    expect(parseEnv(service, { ...database, HOST: '', TRUSTED_PROXIES: '' })).toMatchObject({
      HOST: '127.0.0.1',
      TRUSTED_PROXIES: ['loopback'],
    });
    // In a container: every interface, and the gateway's address as the one proxy.
    expect(
      parseEnv(service, { ...database, HOST: '0.0.0.0', TRUSTED_PROXIES: '172.28.0.10, fd00::/8' }),
    ).toMatchObject({ HOST: '0.0.0.0', TRUSTED_PROXIES: ['172.28.0.10', 'fd00::/8'] });
    expect(() =>
      parseEnv(service, { ...database, TRUSTED_PROXIES: 'gateway, 10.0.0.0/33, 10.1.2.3' }),
    ).toThrow(
      'TRUSTED_PROXIES: must list IP addresses or CIDR ranges (or loopback, linklocal, uniquelocal), comma-separated; not gateway, 10.0.0.0/33',
    );
  });

  it('serves metrics and probes 1000 above the main port unless INTERNAL_PORT says otherwise (0: off)', () => {
    const load = serviceConfigLoader(z.object(serviceEnv(3101)), () => ({}));
    const database = { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/x' };
    expect(load(database)).toMatchObject({ port: 3101, internalPort: 4101, internalHost: '127.0.0.1' });
    expect(load({ ...database, PORT: '3202' })).toMatchObject({ internalPort: 4202 });
    expect(load({ ...database, INTERNAL_PORT: '9464', INTERNAL_HOST: '0.0.0.0' })).toMatchObject({
      internalPort: 9464,
      internalHost: '0.0.0.0',
    });
    expect(load({ ...database, INTERNAL_PORT: '0' })).toMatchObject({ internalPort: 0 });
    expect(load({ ...database, INTERNAL_PORT: '' })).toMatchObject({ internalPort: 4101 });
    expect(() => parseEnv(z.object(serviceEnv(3101)), { ...database, INTERNAL_PORT: 'metrics' })).toThrow(
      'INTERNAL_PORT: must be a port number, or 0 to turn the internal listener off',
    );
  });

  it("reads the public site's origin, without a trailing slash, and refuses anything else", () => {
    const site = z.object({ PUBLIC_SITE_URL: envVars.siteOrigin('http://localhost:8080') });
    expect(parseEnv(site, {})).toEqual({ PUBLIC_SITE_URL: 'http://localhost:8080' });
    expect(parseEnv(site, { PUBLIC_SITE_URL: 'https://www.example.com/' })).toEqual({
      PUBLIC_SITE_URL: 'https://www.example.com',
    });
    for (const wrong of [
      'javascript://evil.example',
      'https://www.example.com/portal',
      'www.example.com',
      'https://x/?a',
    ]) {
      expect(() => parseEnv(site, { PUBLIC_SITE_URL: wrong })).toThrow(
        new EnvValidationError([
          "PUBLIC_SITE_URL: must be the site's origin alone, such as https://www.example.com",
        ]),
      );
    }
  });

  it('rejects a DATABASE_URL that is not a PostgreSQL URL', () => {
    expect(() => parseEnv(schema, { DATABASE_URL: 'mysql://h/x' })).toThrow(
      'DATABASE_URL: must be a PostgreSQL URL such as postgres://user:password@host:5432/database',
    );
  });

  it('stops the process with exit code 1 and a message naming the variable', () => {
    const exit = jest.spyOn(process, 'exit').mockImplementation((() => {
      throw new Error('process.exit');
    }) as never);
    const stderr = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      expect(() => loadEnv(schema, {})).toThrow('process.exit');
      expect(exit).toHaveBeenCalledWith(1);
      expect(String(stderr.mock.calls[0][0])).toContain('DATABASE_URL: is required but not set');
    } finally {
      exit.mockRestore();
      stderr.mockRestore();
    }
  });
});

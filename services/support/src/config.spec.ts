import { EnvValidationError, parseEnv } from '@portal/config';
import { loadSupportConfig, supportEnvSchema } from './config';

/** The problems parseEnv reports for `env`, one line per variable. */
function problemsOf(env: NodeJS.ProcessEnv): string[] {
  try {
    parseEnv(supportEnvSchema, env);
  } catch (error) {
    if (error instanceof EnvValidationError) return error.problems;
    throw error;
  }
  return [];
}

describe('support environment', () => {
  const base = { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/portal_support' };

  it('needs only DATABASE_URL, defaulting the port, the interface, the log level, identity and the limit', () => {
    expect(loadSupportConfig({ ...base, NATS_URL: '' })).toEqual({
      port: 3104,
      host: '127.0.0.1',
      trustedProxies: ['loopback'],
      databaseUrl: base.DATABASE_URL,
      natsUrl: undefined,
      logLevel: 'info',
      identityUrl: 'http://127.0.0.1:3101',
      ticketLimitPerHour: 10,
      allowPrivateCallbackUrls: false,
      publicSiteUrl: 'http://localhost:8080',
      statusSubscribeLimits: { perAddressPerHour: 10, perEmailPerHour: 3 },
      chatWaitSeconds: 120,
      chatMessagesPerMinute: 30,
      internalPort: 4104,
      internalHost: '127.0.0.1',
      shutdownDrainMs: 0,
    });
  });

  it('reads every variable when set', () => {
    const vars = {
      ...base,
      PORT: '13104',
      HOST: '0.0.0.0',
      TRUSTED_PROXIES: '172.28.0.10',
      NATS_URL: 'nats://127.0.0.1:4222',
      LOG_LEVEL: 'warn',
      IDENTITY_URL: 'http://identity:3101',
      TICKET_LIMIT_PER_HOUR: '500',
      WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
      PUBLIC_SITE_URL: 'https://www.example.com',
      STATUS_SUBSCRIBE_LIMIT_PER_ADDRESS_PER_HOUR: '50',
      STATUS_SUBSCRIBE_LIMIT_PER_EMAIL_PER_HOUR: '5',
      CHAT_WAIT_SECONDS: '60',
      CHAT_MESSAGES_PER_MINUTE: '600',
      INTERNAL_PORT: '9464',
      INTERNAL_HOST: '0.0.0.0',
      SHUTDOWN_DRAIN_MS: '5000',
    };
    expect(loadSupportConfig(vars)).toEqual({
      port: 13104,
      host: '0.0.0.0',
      trustedProxies: ['172.28.0.10'],
      databaseUrl: base.DATABASE_URL,
      natsUrl: 'nats://127.0.0.1:4222',
      logLevel: 'warn',
      identityUrl: 'http://identity:3101',
      ticketLimitPerHour: 500,
      allowPrivateCallbackUrls: true,
      publicSiteUrl: 'https://www.example.com',
      statusSubscribeLimits: { perAddressPerHour: 50, perEmailPerHour: 5 },
      chatWaitSeconds: 60,
      chatMessagesPerMinute: 600,
      internalPort: 9464,
      internalHost: '0.0.0.0',
      shutdownDrainMs: 5000,
    });
  });

  it('names every variable that is missing or cannot be right', () => {
    expect(problemsOf({})).toEqual(['DATABASE_URL: is required but not set']);
    expect(
      problemsOf({
        DATABASE_URL: 'mysql://root@127.0.0.1/support',
        PORT: '70000',
        NATS_URL: 'http://127.0.0.1:4222',
        LOG_LEVEL: 'verbose',
        IDENTITY_URL: 'identity:3101',
        TICKET_LIMIT_PER_HOUR: '0',
        WEBHOOK_ALLOW_PRIVATE_URLS: 'yes',
      }),
    ).toEqual([
      expect.stringMatching(/^PORT: /),
      expect.stringMatching(/^DATABASE_URL: must be a PostgreSQL URL/),
      expect.stringMatching(/^NATS_URL: must be a NATS URL/),
      expect.stringMatching(/^LOG_LEVEL: /),
      expect.stringMatching(/^IDENTITY_URL: must be an http\(s\) URL/),
      expect.stringMatching(/^TICKET_LIMIT_PER_HOUR: /),
      'WEBHOOK_ALLOW_PRIVATE_URLS: must be true or false',
    ]);
  });
});

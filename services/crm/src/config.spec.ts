import { randomBytes } from 'node:crypto';
import { parseEnv } from '@portal/config';
import { crmEnvSchema } from './config';

describe('crm environment', () => {
  const base = { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/portal_crm' };
  const key = randomBytes(32);

  it("reads the encryption key as hex or base64, and defaults identity's URL", () => {
    for (const text of [key.toString('hex'), key.toString('base64')]) {
      expect(parseEnv(crmEnvSchema, { ...base, CRM_ENCRYPTION_KEY: text })).toMatchObject({
        PORT: 3103,
        IDENTITY_URL: 'http://127.0.0.1:3101',
        PUBLIC_SITE_URL: 'http://localhost:8080',
        CRM_ENCRYPTION_KEY: key,
      });
    }
  });

  it('stops on a missing or empty encryption key, saying how to make one', () => {
    for (const env of [base, { ...base, CRM_ENCRYPTION_KEY: '' }]) {
      expect(() => parseEnv(crmEnvSchema, env)).toThrow(
        'CRM_ENCRYPTION_KEY: is required but not set; make one with `openssl rand -base64 32`',
      );
    }
  });

  it('stops on a key that is not 32 bytes, naming the variable and how to make one', () => {
    for (const text of ['changeme', randomBytes(16).toString('base64'), randomBytes(24).toString('hex')]) {
      expect(() => parseEnv(crmEnvSchema, { ...base, CRM_ENCRYPTION_KEY: text })).toThrow(
        'CRM_ENCRYPTION_KEY: must be 32 bytes given as 64 hex characters or as base64; make one with `openssl rand -base64 32`',
      );
    }
  });

  it("reads PUBLIC_SITE_URL, the site's origin that inbound URLs are on, and refuses anything else", () => {
    const env = { ...base, CRM_ENCRYPTION_KEY: key.toString('hex') };
    expect(parseEnv(crmEnvSchema, { ...env, PUBLIC_SITE_URL: 'https://www.example.com/' })).toMatchObject({
      PUBLIC_SITE_URL: 'https://www.example.com',
    });
    expect(() => parseEnv(crmEnvSchema, { ...env, PUBLIC_SITE_URL: 'javascript://evil.example' })).toThrow(
      "PUBLIC_SITE_URL: must be the site's origin alone, such as https://www.example.com",
    );
  });

  it('names a bad identity URL', () => {
    expect(() =>
      parseEnv(crmEnvSchema, { ...base, CRM_ENCRYPTION_KEY: key.toString('hex'), IDENTITY_URL: 'identity' }),
    ).toThrow('IDENTITY_URL: must be an http(s) URL such as http://127.0.0.1:3101');
  });

  it('lets a shared office send 20 contact messages in 10 minutes, each email address 3', () => {
    expect(parseEnv(crmEnvSchema, { ...base, CRM_ENCRYPTION_KEY: key.toString('hex') })).toMatchObject({
      CONTACT_LIMIT_PER_10_MINUTES: 20,
      CONTACT_EMAIL_LIMIT_PER_10_MINUTES: 3,
    });
  });

  it('sends mail to the local catcher by default, 5 attempts, and names a bad SMTP_URL or MAIL_FROM', () => {
    const env = { ...base, CRM_ENCRYPTION_KEY: key.toString('hex') };
    expect(parseEnv(crmEnvSchema, { ...env, SMTP_URL: '', MAIL_FROM: '' })).toMatchObject({
      SMTP_URL: 'smtp://127.0.0.1:1025',
      MAIL_FROM: 'Millstone CX <no-reply@millstone-cx.example>',
      MAIL_MAX_ATTEMPTS: 5,
    });
    expect(
      parseEnv(crmEnvSchema, {
        ...env,
        SMTP_URL: 'smtps://mailer:secret@mail.example.com:465',
        MAIL_FROM: 'no-reply@example.com',
      }),
    ).toMatchObject({
      SMTP_URL: 'smtps://mailer:secret@mail.example.com:465',
      MAIL_FROM: 'no-reply@example.com',
    });
    expect(() => parseEnv(crmEnvSchema, { ...env, SMTP_URL: 'http://mail.example.com' })).toThrow(
      'SMTP_URL: must be an SMTP URL such as smtp://127.0.0.1:1025',
    );
    expect(() => parseEnv(crmEnvSchema, { ...env, MAIL_FROM: 'nobody' })).toThrow(
      'MAIL_FROM: must be an address such as no-reply@example.com',
    );
  });

  it('refuses private webhook targets unless WEBHOOK_ALLOW_PRIVATE_URLS=true, and names a bad value', () => {
    const env = { ...base, CRM_ENCRYPTION_KEY: key.toString('hex') };
    expect(parseEnv(crmEnvSchema, env)).toMatchObject({ WEBHOOK_ALLOW_PRIVATE_URLS: false, WEBHOOK_CONCURRENCY: 16 });
    expect(parseEnv(crmEnvSchema, { ...env, WEBHOOK_ALLOW_PRIVATE_URLS: 'true' })).toMatchObject({
      WEBHOOK_ALLOW_PRIVATE_URLS: true,
    });
    expect(() => parseEnv(crmEnvSchema, { ...env, WEBHOOK_ALLOW_PRIVATE_URLS: 'yes' })).toThrow(
      'WEBHOOK_ALLOW_PRIVATE_URLS: must be true or false',
    );
  });
});

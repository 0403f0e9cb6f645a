import { randomBytes } from 'node:crypto';
import { parseEnv } from '@portal/config';
import { identityEnvSchema, loadIdentityConfig } from './config';
import { generateSigningKeyPem } from './test/identity-harness';

describe('identity environment: the sign-in limits', () => {
  const base = {
    DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/portal_identity',
    JWT_SIGNING_KEY: generateSigningKeyPem(),
    IDENTITY_ENCRYPTION_KEY: 'MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY=',
  };
  const limits = (env: NodeJS.ProcessEnv) => {
    const {
      loginFailureLimit,
      loginWindowSeconds,
      addressFailureLimit,
      emailFailureLimit,
      emailWindowSeconds,
    } = loadIdentityConfig(env).auth;
    return {
      loginFailureLimit,
      loginWindowSeconds,
      addressFailureLimit,
      emailFailureLimit,
      emailWindowSeconds,
    };
  };

  it('defaults to 10 per email and address in 15 minutes, 50 per address, and a back-off after 50 in an hour', () => {
    expect(limits(base)).toEqual({
      loginFailureLimit: 10,
      loginWindowSeconds: 900,
      addressFailureLimit: 50,
      emailFailureLimit: 50,
      emailWindowSeconds: 3600,
    });
  });

  it('raises the per-address limit and the back-off with AUTH_LOGIN_FAILURE_LIMIT unless they are set', () => {
    expect(limits({ ...base, AUTH_LOGIN_FAILURE_LIMIT: '1000000' })).toMatchObject({
      addressFailureLimit: 5_000_000,
      emailFailureLimit: 5_000_000,
    });
    expect(
      limits({
        ...base,
        AUTH_LOGIN_FAILURE_LIMIT: '5',
        AUTH_LOGIN_ADDRESS_FAILURE_LIMIT: '30',
        AUTH_LOGIN_EMAIL_FAILURE_LIMIT: '100',
        AUTH_LOGIN_EMAIL_WINDOW_SECONDS: '7200',
      }),
    ).toMatchObject({
      loginFailureLimit: 5,
      addressFailureLimit: 30,
      emailFailureLimit: 100,
      emailWindowSeconds: 7200,
    });
  });
});

describe('identity environment: the encryption key of two-factor secrets', () => {
  const base = {
    DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/portal_identity',
    JWT_SIGNING_KEY: generateSigningKeyPem(),
  };
  const key = randomBytes(32);

  it('reads IDENTITY_ENCRYPTION_KEY as hex or base64 into its 32 bytes', () => {
    for (const text of [key.toString('hex'), key.toString('base64')]) {
      expect(loadIdentityConfig({ ...base, IDENTITY_ENCRYPTION_KEY: text }).encryptionKey).toEqual(key);
    }
  });

  it('stops on a missing, empty or short key, naming the variable and how to make one', () => {
    for (const env of [base, { ...base, IDENTITY_ENCRYPTION_KEY: '' }]) {
      expect(() => parseEnv(identityEnvSchema, env)).toThrow(
        'IDENTITY_ENCRYPTION_KEY: is required but not set; make one with `openssl rand -base64 32`',
      );
    }
    expect(() =>
      parseEnv(identityEnvSchema, { ...base, IDENTITY_ENCRYPTION_KEY: randomBytes(16).toString('base64') }),
    ).toThrow(
      'IDENTITY_ENCRYPTION_KEY: must be 32 bytes given as 64 hex characters or as base64; make one with `openssl rand -base64 32`',
    );
  });
});

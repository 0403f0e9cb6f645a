import { loginRequestSchema, newPasswordSchema, registerRequestSchema } from './auth';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('registration schema', () => {
  const valid = { name: 'Ada Lovelace', email: 'ada@example.com', password: 'engines42' };

  it('accepts a valid registration and trims name and email', () => {
    expect(registerRequestSchema.parse({ ...valid, name: '  Ada  ', email: ' ada@example.com ' })).toEqual({
      ...valid,
      name: 'Ada',
    });
  });

  it.each([
    ['an empty name', { name: '   ' }, 'Name is required'],
    ['a missing name', { name: undefined }, 'Name is required'],
    ['a bad email', { email: 'ada@' }, 'Please enter a valid email address'],
    ['a missing email', { email: undefined }, 'Email is required'],
    ['an empty email', { email: '  ' }, 'Email is required'],
    ['a short password', { password: 'abc1' }, 'Password must be at least 8 characters'],
    ['a password without a digit', { password: 'abcdefgh' }, 'Password must contain at least one number'],
  ])('rejects %s with the spec message', (_label, override, message) => {
    expect(firstMessage(registerRequestSchema.safeParse({ ...valid, ...override }))).toBe(message);
  });

  it('rejects unknown fields', () => {
    const result = registerRequestSchema.safeParse({ ...valid, role: 'admin' });
    expect(result.success).toBe(false);
    expect(firstMessage(result)).toMatch(/role/);
  });

  it('refuses a password with an unpaired surrogate (argon2 would hash it as U+FFFD) or NUL, as names are', () => {
    for (const password of ['engines42\ud800', 'engines42\udfff', '\ud83cengines42', 'engines42\u0000']) {
      expect(firstMessage(registerRequestSchema.safeParse({ ...valid, password }))).toBe(
        'Password contains a character that cannot be used',
      );
      expect(firstMessage(loginRequestSchema.safeParse({ email: 'a@b.co', password }))).toBe(
        'Password contains a character that cannot be used',
      );
      expect(newPasswordSchema.safeParse(password).success).toBe(false);
    }
    expect(registerRequestSchema.parse({ ...valid, password: 'engines42 🎧 é' }).password).toBe('engines42 🎧 é');
    expect(loginRequestSchema.parse({ email: 'a@b.co', password: '🎧' }).password).toBe('🎧');
  });

  it('caps the password length so one request cannot buy long hashing', () => {
    expect(registerRequestSchema.safeParse({ ...valid, password: `1${'a'.repeat(128)}` }).success).toBe(
      false,
    );
  });
});

describe('login schema', () => {
  it('requires a password and rejects unknown fields', () => {
    expect(firstMessage(loginRequestSchema.safeParse({ email: 'a@b.co', password: '' }))).toBe(
      'Password is required',
    );
    expect(loginRequestSchema.safeParse({ email: 'a@b.co', password: 'x', extra: 1 }).success).toBe(false);
  });
});

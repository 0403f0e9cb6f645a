import { contactRequestSchema, newsletterRequestSchema } from './leads';

const firstMessage = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('contact schema', () => {
  const valid = {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    message: 'We need 24/7 cover.',
  };

  it('accepts a submission, trims it and drops an empty company', () => {
    expect(contactRequestSchema.parse({ ...valid, firstName: ' Ada ', company: '  ' })).toEqual({
      ...valid,
      company: undefined,
    });
    expect(contactRequestSchema.parse({ ...valid, company: 'Acme' }).company).toBe('Acme');
  });

  it.each([
    ['firstName', 'First name is required'],
    ['lastName', 'Last name is required'],
    ['email', 'Email is required'],
    ['message', 'Message is required'],
  ])('requires %s with a clear message', (field, message) => {
    expect(firstMessage(contactRequestSchema.safeParse({ ...valid, [field]: '' }))).toBe(message);
    expect(firstMessage(contactRequestSchema.safeParse({ ...valid, [field]: undefined }))).toBe(message);
  });

  it('rejects unknown fields and overlong messages', () => {
    expect(contactRequestSchema.safeParse({ ...valid, phone: '555' }).success).toBe(false);
    expect(contactRequestSchema.safeParse({ ...valid, message: 'x'.repeat(5001) }).success).toBe(false);
  });
});

describe('newsletter schema', () => {
  it('takes one valid email and nothing else', () => {
    expect(newsletterRequestSchema.parse({ email: ' a@b.co ' })).toEqual({ email: 'a@b.co' });
    expect(newsletterRequestSchema.safeParse({ email: 'nope' }).success).toBe(false);
    expect(newsletterRequestSchema.safeParse({ email: 'a@b.co', name: 'x' }).success).toBe(false);
  });
});

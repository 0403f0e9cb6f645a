import { contactRequestSchema } from './crm/leads';
import { registerRequestSchema } from './identity/auth';
import { inboundEventSchema } from './crm/integrations';
import { createTicketRequestSchema } from './support/tickets';
import { requiredText, unstorableTextMessage } from './text';

describe('text people type in', () => {
  const name = requiredText('Name is required', 20);

  it('is trimmed, required and bounded', () => {
    expect(name.parse('  Ada  ')).toBe('Ada');
    expect(name.safeParse('   ').error?.issues[0]?.message).toBe('Name is required');
    expect(name.safeParse(undefined).error?.issues[0]?.message).toBe('Name is required');
    expect(name.safeParse('x'.repeat(21)).error?.issues[0]?.message).toBe('Must be at most 20 characters');
  });

  it('keeps accents, emoji, tabs and line breaks, and refuses what PostgreSQL cannot store', () => {
    expect(name.parse('José 🎧\tline\nbreak')).toBe('José 🎧\tline\nbreak');
    for (const bad of ['nul\u0000byte', 'half \ud83c emoji', 'lone \udfa7 low']) {
      expect(name.safeParse(bad).error?.issues[0]?.message).toBe(unstorableTextMessage);
    }
  });

  it('guards the fields with messages of their own too: a sign-up name, a contact form company', () => {
    for (const bad of ['nul\u0000byte', 'half \ud83c emoji']) {
      const signUp = registerRequestSchema.safeParse({
        name: bad,
        email: 'a@example.com',
        password: 'password1',
      });
      expect(signUp.error?.issues[0]?.message).toBe(unstorableTextMessage);
      const contact = contactRequestSchema.safeParse({
        firstName: 'A',
        lastName: 'B',
        email: 'a@example.com',
        company: bad,
        message: 'hello',
      });
      expect(contact.error?.issues[0]?.message).toBe(unstorableTextMessage);
    }
    expect(
      registerRequestSchema.parse({ name: ' José 🎧 ', email: 'a@example.com', password: 'password1' }).name,
    ).toBe('José 🎧');
  });

  it('guards every write that stores text: tickets, contact messages and inbound events', () => {
    const nul = 'a\u0000b';
    expect(createTicketRequestSchema.safeParse({ title: nul, description: 'ok' }).success).toBe(false);
    expect(
      contactRequestSchema.safeParse({ firstName: 'A', lastName: 'B', email: 'a@example.com', message: nul })
        .success,
    ).toBe(false);
    expect(
      inboundEventSchema.safeParse({
        type: 'call.completed',
        data: { call_id: 'c1', duration: 1, agent_id: nul },
      }).success,
    ).toBe(false);
  });
});

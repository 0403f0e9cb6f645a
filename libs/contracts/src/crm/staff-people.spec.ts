import {
  customerMatchQuerySchema,
  staffOrganizationListQuerySchema,
  staffUserLookupQuerySchema,
} from '../identity/staff-customers';
import { notificationSettingsSchema } from '../identity/notification-settings';
import { integrationHealthQuerySchema, staffIntegrationListQuerySchema } from './integration-health';
import { createLeadNoteRequestSchema, staffLeadListQuerySchema, updateLeadRequestSchema } from './staff-leads';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('staff leads contracts', () => {
  it('reads a page query with its defaults and refuses a bad status, limit or unknown field', () => {
    expect(staffLeadListQuerySchema.parse({})).toEqual({ limit: 50 });
    expect(staffLeadListQuerySchema.parse({ status: 'qualified', q: '  acme ', limit: '10' })).toEqual({
      status: 'qualified',
      q: 'acme',
      limit: 10,
    });
    expect(staffLeadListQuerySchema.parse({ q: '   ' }).q).toBeUndefined();
    expect(firstMessage(staffLeadListQuerySchema.safeParse({ status: 'won' }))).toBe(
      'Status must be new, contacted, qualified or closed',
    );
    expect(firstMessage(staffLeadListQuerySchema.safeParse({ limit: '201' }))).toBe(
      'Limit must be a whole number from 1 to 200',
    );
    expect(staffLeadListQuerySchema.safeParse({ sort: 'x' }).success).toBe(false);
  });

  it('moves a lead to one of the four statuses only, and wants a note with text', () => {
    expect(updateLeadRequestSchema.parse({ status: 'contacted' })).toEqual({ status: 'contacted' });
    expect(updateLeadRequestSchema.safeParse({ status: 'contacted', notes: 'x' }).success).toBe(false);
    expect(firstMessage(createLeadNoteRequestSchema.safeParse({ body: '  ' }))).toBe('Note is required');
    expect(createLeadNoteRequestSchema.parse({ body: ' Called back \n' })).toEqual({ body: 'Called back' });
  });
});

describe('staff customers contracts', () => {
  it('takes one or many emails, lower-cased, and at most 100', () => {
    expect(customerMatchQuerySchema.parse({ email: 'A@Example.com' })).toEqual({ email: ['a@example.com'] });
    expect(customerMatchQuerySchema.parse({ email: ['a@x.com', 'b@y.com'] }).email).toHaveLength(2);
    const tooMany = Array.from({ length: 101 }, (_, i) => `u${i}@x.com`);
    expect(firstMessage(customerMatchQuerySchema.safeParse({ email: tooMany }))).toBe(
      'Give from 1 to 100 email addresses',
    );
    expect(customerMatchQuerySchema.safeParse({}).success).toBe(false);
    expect(firstMessage(staffUserLookupQuerySchema.safeParse({ id: 'x' }))).toBe(
      'Give from 1 to 100 user ids (UUIDs)',
    );
  });

  it('pages organizations and asks crm for the health of organizations by id', () => {
    expect(staffOrganizationListQuerySchema.parse({ q: 'acme' })).toEqual({ q: 'acme', limit: 50 });
    const id = '5f0c3a4e-2b1d-4c3e-9f8a-1b2c3d4e5f60';
    expect(integrationHealthQuerySchema.parse({ organizationId: id })).toEqual({ organizationId: [id] });
    expect(firstMessage(integrationHealthQuerySchema.safeParse({ organizationId: [id, 'nope'] }))).toBe(
      'Give from 1 to 100 organization ids (UUIDs)',
    );
    expect(firstMessage(staffIntegrationListQuerySchema.safeParse({ organizationId: 'x' }))).toBe(
      'organizationId must be a UUID',
    );
  });

  it('sets ticket emails with a boolean only', () => {
    expect(notificationSettingsSchema.parse({ ticketEmails: false })).toEqual({ ticketEmails: false });
    expect(firstMessage(notificationSettingsSchema.safeParse({ ticketEmails: 'no' }))).toBe(
      'ticketEmails must be true or false',
    );
    expect(notificationSettingsSchema.safeParse({ ticketEmails: true, other: 1 }).success).toBe(false);
  });
});

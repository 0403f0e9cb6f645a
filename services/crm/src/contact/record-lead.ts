import { randomUUID } from 'node:crypto';
import { enqueueCatalogEvent } from '@portal/events';
import type { EntityManager } from 'typeorm';
import { ContactSubmissionEntity, type StoredCart } from './contact-submission.entity';

export interface NewLead {
  firstName: string;
  lastName: string;
  email: string;
  company: string | null;
  message: string;
  cart?: StoredCart | null;
}

/**
 * Keeps a lead for sales (a row of `contact_submissions`, the staff console's Leads) with its
 * `portal.leads.created` event, in the caller's transaction: the contact form, the quote dialog and a
 * booked call all start one.
 */
export async function recordLead(manager: EntityManager, lead: NewLead): Promise<ContactSubmissionEntity> {
  const row = await manager.save(
    ContactSubmissionEntity,
    manager.create(ContactSubmissionEntity, {
      id: randomUUID(),
      ...lead,
      cart: lead.cart ?? null,
      status: 'new',
    }),
  );
  await enqueueCatalogEvent(manager, 'leadCreated', {
    submissionId: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    company: row.company,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
  });
  return row;
}

/** What a lead's last name says when the visitor gave one word (leads require both names). */
export const LAST_NAME_NOT_GIVEN = '(not given)';

/** The first `max` characters (code points, as PostgreSQL's varchar counts them). */
const characters = (text: string, max: number) => Array.from(text).slice(0, max).join('');

/**
 * A full name as the lead's first and last names: the first word, and the rest; a one-word name
 * ("Cher", "王小明") keeps it as the first name and says the last one was not given.
 */
export function splitName(name: string): { firstName: string; lastName: string } {
  const [first = '', ...rest] = name.trim().split(/\s+/);
  const lastName = rest.join(' ');
  return {
    firstName: characters(first, 100),
    lastName: lastName === '' ? LAST_NAME_NOT_GIVEN : characters(lastName, 100),
  };
}

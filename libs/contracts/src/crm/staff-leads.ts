import { z } from 'zod';
import { requiredText } from '../text';
import { cartLeadSchema } from './leads';
import { moneySchema } from '../commerce/commerce';

/**
 * Staff read the leads of the contact form, the quote dialog and the checkout's "send my cart to
 * sales" (`contact_submissions`) and work them: new → contacted → qualified → closed (any order:
 * staff may move a lead back), with notes. Routes are staff only (`@StaffOnly`); customers get 403.
 */
export const leadStatuses = ['new', 'contacted', 'qualified', 'closed'] as const;
export const leadStatusSchema = z.enum(leadStatuses, {
  error: 'Status must be new, contacted, qualified or closed',
});
export type LeadStatus = z.infer<typeof leadStatusSchema>;

/** `form`: the contact form or the quote dialog; `checkout`: a cart sent to sales from checkout. */
export const leadSources = ['form', 'checkout'] as const;
export type LeadSource = (typeof leadSources)[number];

export const LEAD_PAGE_SIZE = 50;
export const LEAD_LIST_LIMIT = 200;
export const LEAD_NOTE_MAX_LENGTH = 5000;
export const LEAD_SEARCH_MAX_LENGTH = 200;

export const staffLeadMessages = {
  leadNotFound: 'Lead not found',
  noteRequired: 'Note is required',
  cursorInvalid: 'Cursor is not valid: start again from the first page',
  limitInvalid: `Limit must be a whole number from 1 to ${LEAD_LIST_LIMIT}`,
  searchTooLong: `Search must be at most ${LEAD_SEARCH_MAX_LENGTH} characters`,
} as const;

/** A lead as staff see it in the list. `email` is as the person typed it; match customers on it case-insensitively. */
export const staffLeadSchema = z.object({
  id: z.uuid(),
  source: z.enum(leadSources),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  company: z.string().nullable(),
  message: z.string(),
  /** The checkout's cart (items as the buyer saw them, total worked out by crm), for `checkout` leads. */
  cart: cartLeadSchema.extend({ total: moneySchema }).nullable(),
  status: leadStatusSchema,
  /** When a member of staff last changed the status; null while it is the first `new`. */
  statusChangedAt: z.iso.datetime().nullable(),
  notesCount: z.number().int().nonnegative(),
  createdAt: z.iso.datetime(),
});
export type StaffLead = z.infer<typeof staffLeadSchema>;

/** A note a member of staff wrote on a lead (never shown to the person who sent it). */
export const leadNoteSchema = z.object({
  id: z.uuid(),
  leadId: z.uuid(),
  body: z.string(),
  /** The member of staff who wrote it: names come from identity's `GET /api/identity/staff/users?id=…`. */
  authorId: z.uuid(),
  createdAt: z.iso.datetime(),
});
export type LeadNote = z.infer<typeof leadNoteSchema>;

/** `GET /api/crm/staff/leads/{id}`: the lead and its notes, oldest first. */
export const staffLeadDetailSchema = staffLeadSchema.extend({ notes: z.array(leadNoteSchema) });
export type StaffLeadDetail = z.infer<typeof staffLeadDetailSchema>;

const leadPageLimitSchema = z
  .string({ error: staffLeadMessages.limitInvalid })
  .regex(/^[1-9][0-9]{0,2}$/, staffLeadMessages.limitInvalid)
  .transform(Number)
  .refine((limit) => limit <= LEAD_LIST_LIMIT, staffLeadMessages.limitInvalid);

/**
 * `GET /api/crm/staff/leads?status=&q=&cursor=&limit=`: newest first; `q` matches the name, email or
 * company (case-insensitive substring). `cursor` is the previous page's `nextCursor`, opaque.
 * Unknown fields are rejected.
 */
export const staffLeadListQuerySchema = z.strictObject({
  status: leadStatusSchema.optional(),
  q: z
    .string()
    .trim()
    .max(LEAD_SEARCH_MAX_LENGTH, staffLeadMessages.searchTooLong)
    .optional()
    .transform((q) => q || undefined),
  cursor: z.string({ error: staffLeadMessages.cursorInvalid }).optional(),
  limit: leadPageLimitSchema.default(LEAD_PAGE_SIZE),
});
export type StaffLeadListQuery = z.output<typeof staffLeadListQuerySchema>;
export type StaffLeadListQueryInput = z.input<typeof staffLeadListQuerySchema>;

export const staffLeadListResponseSchema = z.object({
  leads: z.array(staffLeadSchema),
  nextCursor: z.string().nullable(),
});
export type StaffLeadListResponse = z.infer<typeof staffLeadListResponseSchema>;

/** `PATCH /api/crm/staff/leads/{id}` → the lead (`staffLeadSchema`). Unknown fields are rejected. */
export const updateLeadRequestSchema = z.strictObject({ status: leadStatusSchema });
export type UpdateLeadRequest = z.infer<typeof updateLeadRequestSchema>;

/** `POST /api/crm/staff/leads/{id}/notes` → 201 with the note (`leadNoteSchema`). */
export const createLeadNoteRequestSchema = z.strictObject({
  body: requiredText(staffLeadMessages.noteRequired, LEAD_NOTE_MAX_LENGTH),
});
export type CreateLeadNoteRequest = z.infer<typeof createLeadNoteRequestSchema>;

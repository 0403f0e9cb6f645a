import { z } from 'zod';
import { orgRoleSchema } from './role-schemas';

/**
 * Staff's view of the customers (`@StaffOnly` on identity, under `/api/identity/staff`): every
 * organization with its plan and members. Customers get 403. What the console joins to it:
 * integrations' health from crm (`GET /api/crm/staff/integrations/health?organizationId=…`) and open
 * tickets from support's staff queue, both keyed by the organization's `id`.
 */
export const STAFF_ORGANIZATION_PAGE_SIZE = 50;
export const STAFF_ORGANIZATION_LIST_LIMIT = 200;
export const STAFF_CUSTOMER_SEARCH_MAX_LENGTH = 200;
export const CUSTOMER_MATCH_MAX_EMAILS = 100;

export const staffCustomerMessages = {
  organizationNotFound: 'Organization not found',
  cursorInvalid: 'Cursor is not valid: start again from the first page',
  limitInvalid: `Limit must be a whole number from 1 to ${STAFF_ORGANIZATION_LIST_LIMIT}`,
  searchTooLong: `Search must be at most ${STAFF_CUSTOMER_SEARCH_MAX_LENGTH} characters`,
  emailsRequired: `Give from 1 to ${CUSTOMER_MATCH_MAX_EMAILS} email addresses`,
  userIdsRequired: `Give from 1 to ${CUSTOMER_MATCH_MAX_EMAILS} user ids (UUIDs)`,
} as const;

/** An organization in the staff list: its plan, how many members, and its owner. */
export const staffOrganizationSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  planId: z.string(),
  timezone: z.string(),
  createdAt: z.iso.datetime(),
  memberCount: z.number().int().nonnegative(),
  owner: z.object({ userId: z.uuid(), name: z.string(), email: z.string() }).nullable(),
});
export type StaffOrganization = z.infer<typeof staffOrganizationSchema>;

/** A member of an organization, as staff see them. */
export const staffOrganizationMemberSchema = z.object({
  userId: z.uuid(),
  name: z.string(),
  email: z.string(),
  role: orgRoleSchema,
  emailVerified: z.boolean(),
  joinedAt: z.iso.datetime(),
});
export type StaffOrganizationMember = z.infer<typeof staffOrganizationMemberSchema>;

/** `GET /api/identity/staff/organizations/{id}`: the organization and its members, owner first, then by name. */
export const staffOrganizationDetailSchema = staffOrganizationSchema.extend({
  members: z.array(staffOrganizationMemberSchema),
});
export type StaffOrganizationDetail = z.infer<typeof staffOrganizationDetailSchema>;

const pageLimitSchema = z
  .string({ error: staffCustomerMessages.limitInvalid })
  .regex(/^[1-9][0-9]{0,2}$/, staffCustomerMessages.limitInvalid)
  .transform(Number)
  .refine((limit) => limit <= STAFF_ORGANIZATION_LIST_LIMIT, staffCustomerMessages.limitInvalid);

/**
 * `GET /api/identity/staff/organizations?q=&cursor=&limit=`: newest first; `q` matches the
 * organization's name or a member's name or email (case-insensitive substring). `cursor` is the
 * previous page's `nextCursor`, opaque. Unknown fields are rejected.
 */
export const staffOrganizationListQuerySchema = z.strictObject({
  q: z
    .string()
    .trim()
    .max(STAFF_CUSTOMER_SEARCH_MAX_LENGTH, staffCustomerMessages.searchTooLong)
    .optional()
    .transform((q) => q || undefined),
  cursor: z.string({ error: staffCustomerMessages.cursorInvalid }).optional(),
  limit: pageLimitSchema.default(STAFF_ORGANIZATION_PAGE_SIZE),
});
export type StaffOrganizationListQuery = z.output<typeof staffOrganizationListQuerySchema>;
export type StaffOrganizationListQueryInput = z.input<typeof staffOrganizationListQuerySchema>;

export const staffOrganizationListResponseSchema = z.object({
  organizations: z.array(staffOrganizationSchema),
  nextCursor: z.string().nullable(),
});
export type StaffOrganizationListResponse = z.infer<typeof staffOrganizationListResponseSchema>;

/** A query value given once is a string, given again and again an array: always an array here. */
export const repeatedQueryValue = <T extends z.ZodType<unknown, string>>(item: T, min: number, max: number, message: string) =>
  z
    .union([z.string(), z.array(z.string())], { error: message })
    .transform((value) => (Array.isArray(value) ? value : [value]))
    .pipe(z.array(item).min(min, message).max(max, message));

/**
 * `GET /api/identity/staff/customers?email=a@x.com&email=b@y.com` (1 to 100 addresses): the customer
 * accounts whose email is one of these (case-insensitive), with their organizations. The leads page
 * links a lead to the customer whose email it is with it. Unknown fields are rejected.
 */
export const customerMatchQuerySchema = z.strictObject({
  email: repeatedQueryValue(
    z.string().trim().toLowerCase().max(320, staffCustomerMessages.emailsRequired),
    1,
    CUSTOMER_MATCH_MAX_EMAILS,
    staffCustomerMessages.emailsRequired,
  ),
});
export type CustomerMatchQuery = z.output<typeof customerMatchQuerySchema>;

export const customerMatchSchema = z.object({
  /** The account's email as stored (lower case); compare case-insensitively. */
  email: z.string(),
  userId: z.uuid(),
  name: z.string(),
  organizations: z.array(z.object({ id: z.uuid(), name: z.string(), role: orgRoleSchema })),
});
export type CustomerMatch = z.infer<typeof customerMatchSchema>;
export const customerMatchResponseSchema = z.object({ customers: z.array(customerMatchSchema) });
export type CustomerMatchResponse = z.infer<typeof customerMatchResponseSchema>;

/**
 * `GET /api/identity/staff/users?id=a&id=b` (1 to 100 user ids): who these accounts are — the names
 * the console shows for a note's or a message's author and a ticket's assignee. Unknown ids are left
 * out of the answer. Unknown fields are rejected.
 */
export const staffUserLookupQuerySchema = z.strictObject({
  id: repeatedQueryValue(
    z.uuid({ error: staffCustomerMessages.userIdsRequired }),
    1,
    CUSTOMER_MATCH_MAX_EMAILS,
    staffCustomerMessages.userIdsRequired,
  ),
});
export type StaffUserLookupQuery = z.output<typeof staffUserLookupQuerySchema>;

export const staffUserSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  /** Whether the account is staff (any staff role) or a customer. */
  staff: z.boolean(),
});
export type StaffUser = z.infer<typeof staffUserSchema>;
export const staffUserLookupResponseSchema = z.object({ users: z.array(staffUserSchema) });
export type StaffUserLookupResponse = z.infer<typeof staffUserLookupResponseSchema>;

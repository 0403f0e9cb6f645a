import { z } from 'zod';
import { requiredText } from '../text';

// The company's agents assigned to customers' accounts: staff manage them in the console
// (`/staff/agents`, support's `/api/support/staff/agents`); customers' developers list theirs with
// `GET /v1/agents`, and a ticket of an account is assigned one of them.

export const AGENT_NAME_MAX_LENGTH = 100;
export const AGENT_TITLE_MAX_LENGTH = 100;
export const AGENT_EMAIL_MAX_LENGTH = 254;

export const agentMessages = {
  nameRequired: 'Name is required',
  titleRequired: 'Title is required',
  emailInvalid: 'Enter a valid email address',
  emailTaken: 'Another agent already has this email address',
  agentNotFound: 'Agent not found',
  organizationInvalid: 'Organization must be an organization id (UUID)',
} as const;

/** `POST /api/support/staff/agents`. */
export const createAgentRequestSchema = z.strictObject({
  name: requiredText(agentMessages.nameRequired, AGENT_NAME_MAX_LENGTH),
  title: requiredText(agentMessages.titleRequired, AGENT_TITLE_MAX_LENGTH),
  email: z
    .string({ error: agentMessages.emailInvalid })
    .trim()
    .toLowerCase()
    .max(AGENT_EMAIL_MAX_LENGTH, agentMessages.emailInvalid)
    .pipe(z.email({ error: agentMessages.emailInvalid })),
});
export type CreateAgentRequest = z.input<typeof createAgentRequestSchema>;

/** `PATCH /api/support/staff/agents/:id`: any of name, title, email, and `active` (an inactive agent gets no new tickets and is not listed to customers). */
export const updateAgentRequestSchema = createAgentRequestSchema
  .partial()
  .extend({ active: z.boolean().optional() })
  .strict();
export type UpdateAgentRequest = z.input<typeof updateAgentRequestSchema>;

/** `PUT /api/support/staff/agents/:id/organizations/:organizationId` assigns, `DELETE` unassigns. */
export const agentOrganizationSchema = z.object({ organizationId: z.uuid(), assignedAt: z.iso.datetime() });

/** An agent as staff see them: who, whether they take new tickets, and the accounts they serve. */
export const staffAgentSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  title: z.string(),
  email: z.string(),
  active: z.boolean(),
  createdAt: z.iso.datetime(),
  organizations: z.array(agentOrganizationSchema),
  /** Tickets assigned to the agent that are not resolved or closed. */
  openTickets: z.number().int().nonnegative(),
});
export type StaffAgent = z.infer<typeof staffAgentSchema>;
/** `GET /api/support/staff/agents?organizationId=`: every agent (of one account when given), by name. */
export const staffAgentListResponseSchema = z.array(staffAgentSchema);


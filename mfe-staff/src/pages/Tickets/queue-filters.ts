import { ticketPriorities, ticketStatuses, type TicketPriority, type TicketStatus } from '@portal/contracts';
import type { TicketQueueFilters } from '../../api/staff-api';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The queue's filters from the address (`?status=open&priority=urgent&assignee=me&breaching=true`); unknown values are ignored. */
export function filtersFrom(params: URLSearchParams): TicketQueueFilters {
  const filters: TicketQueueFilters = {};
  const status = params.get('status');
  if (status && (ticketStatuses as readonly string[]).includes(status))
    filters.status = status as TicketStatus;
  const priority = params.get('priority');
  if (priority && (ticketPriorities as readonly string[]).includes(priority))
    filters.priority = priority as TicketPriority;
  const assignee = params.get('assignee');
  if (assignee === 'me' || assignee === 'none' || (assignee && UUID.test(assignee)))
    filters.assigneeId = assignee;
  const breaching = params.get('breaching');
  if (breaching === 'true') filters.breaching = 'true';
  const organization = params.get('organization');
  if (organization && UUID.test(organization)) filters.organizationId = organization;
  const customer = params.get('customer');
  if (customer && UUID.test(customer)) filters.customerId = customer;
  return filters;
}

const PARAM_OF: Record<keyof TicketQueueFilters, string> = {
  status: 'status',
  priority: 'priority',
  assigneeId: 'assignee',
  breaching: 'breaching',
  organizationId: 'organization',
  customerId: 'customer',
};

/** The address's query with one filter set (or cleared with undefined), the open ticket kept. */
export function withFilter(
  params: URLSearchParams,
  name: keyof TicketQueueFilters,
  value: string | undefined,
): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value) next.set(PARAM_OF[name], value);
  else next.delete(PARAM_OF[name]);
  return next;
}

import type { CreateAgentRequest, StaffAgent, UpdateAgentRequest } from '@portal/contracts';
import { lazyApi } from '@portal/store';
import { withQuery } from '../../api/query-string';

const agentPath = (id: string) => `/support/staff/agents/${encodeURIComponent(id)}`;
const assignmentPath = (id: string, organizationId: string) =>
  `${agentPath(id)}/organizations/${encodeURIComponent(organizationId)}`;

/**
 * The Agents page's calls (support's `/api/support/staff/agents`, `@StaffOnly()`): the agents (of one
 * customer organization when filtered), adding and editing one, and assigning or unassigning a
 * customer organization. Every change reads the list again.
 */
const agentsApi = lazyApi((api) =>
  api.enhanceEndpoints({ addTagTypes: ['StaffAgents'] }).injectEndpoints({
    endpoints: (build) => ({
      staffAgents: build.query<StaffAgent[], { organizationId?: string }>({
        query: ({ organizationId }) => withQuery('/support/staff/agents', { organizationId }),
        providesTags: ['StaffAgents'],
      }),
      createAgent: build.mutation<StaffAgent, CreateAgentRequest>({
        query: (body) => ({ url: '/support/staff/agents', method: 'POST', body }),
        invalidatesTags: ['StaffAgents'],
      }),
      updateAgent: build.mutation<StaffAgent, { id: string; body: UpdateAgentRequest }>({
        query: ({ id, body }) => ({ url: agentPath(id), method: 'PATCH', body }),
        invalidatesTags: ['StaffAgents'],
      }),
      assignAgent: build.mutation<StaffAgent, { id: string; organizationId: string }>({
        query: ({ id, organizationId }) => ({ url: assignmentPath(id, organizationId), method: 'PUT' }),
        invalidatesTags: ['StaffAgents'],
      }),
      unassignAgent: build.mutation<StaffAgent | void, { id: string; organizationId: string }>({
        query: ({ id, organizationId }) => ({ url: assignmentPath(id, organizationId), method: 'DELETE' }),
        invalidatesTags: ['StaffAgents'],
      }),
    }),
  }),
);

export const loadAgentsApi = agentsApi.load;
export const useStaffAgentsQuery = agentsApi.hook('useStaffAgentsQuery');
export const useCreateAgentMutation = agentsApi.hook('useCreateAgentMutation');
export const useUpdateAgentMutation = agentsApi.hook('useUpdateAgentMutation');
export const useAssignAgentMutation = agentsApi.hook('useAssignAgentMutation');
export const useUnassignAgentMutation = agentsApi.hook('useUnassignAgentMutation');

import type {
  IncidentListResponse,
  IncidentResponse,
  IncidentUpdateRequest,
  OpenIncidentRequest,
} from '@portal/contracts';
import { lazyApi } from '@portal/store';

/**
 * The Incidents page's calls (support's `/api/support/staff/incidents`, `@StaffOnly()`, ADR 0235):
 * the incidents, opening one, and posting an update (`resolved` resolves it). A change reads the list again.
 */
const incidentsApi = lazyApi((api) =>
  api.enhanceEndpoints({ addTagTypes: ['StaffIncidents'] }).injectEndpoints({
    endpoints: (build) => ({
      staffIncidents: build.query<IncidentListResponse, void>({
        query: () => '/support/staff/incidents',
        providesTags: ['StaffIncidents'],
      }),
      openIncident: build.mutation<IncidentResponse, OpenIncidentRequest>({
        query: (body) => ({ url: '/support/staff/incidents', method: 'POST', body }),
        invalidatesTags: ['StaffIncidents'],
      }),
      updateIncident: build.mutation<IncidentResponse, { id: string } & IncidentUpdateRequest>({
        query: ({ id, ...body }) => ({
          url: `/support/staff/incidents/${encodeURIComponent(id)}/updates`,
          method: 'POST',
          body,
        }),
        invalidatesTags: ['StaffIncidents'],
      }),
    }),
  }),
);

export const loadIncidentsApi = incidentsApi.load;
export const useStaffIncidentsQuery = incidentsApi.hook('useStaffIncidentsQuery');
export const useOpenIncidentMutation = incidentsApi.hook('useOpenIncidentMutation');
export const useUpdateIncidentMutation = incidentsApi.hook('useUpdateIncidentMutation');

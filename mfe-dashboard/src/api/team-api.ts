import type {
  ChangeRoleRequest,
  CreateInvitationRequest,
  Invitation,
  InvitationsResponse,
  TeamAuditResponse,
  TeamMember,
  TeamMembersResponse,
  TransferOwnershipRequest,
} from '@portal/contracts';
import { lazyApi } from '@portal/store';

/**
 * The Team tab's calls (`/api/team…`, identity): members, pending invitations and the audit log of the
 * token's organization. Every change refetches the lists it touches and the audit log (each change
 * writes an entry).
 */
const teamApi = lazyApi((api) =>
  api.enhanceEndpoints({ addTagTypes: ['TeamMembers', 'TeamInvitations', 'TeamAudit'] }).injectEndpoints({
    endpoints: (build) => ({
      teamMembers: build.query<TeamMembersResponse, void>({
        query: () => '/team/members',
        providesTags: ['TeamMembers'],
      }),
      changeMemberRole: build.mutation<TeamMember, ChangeRoleRequest & { userId: string }>({
        query: ({ userId, role }) => ({
          url: `/team/members/${encodeURIComponent(userId)}`,
          method: 'PATCH',
          body: { role },
        }),
        invalidatesTags: ['TeamMembers', 'TeamAudit'],
      }),
      removeMember: build.mutation<void, string>({
        query: (userId) => ({ url: `/team/members/${encodeURIComponent(userId)}`, method: 'DELETE' }),
        invalidatesTags: ['TeamMembers', 'TeamAudit'],
      }),
      leaveTeam: build.mutation<void, void>({ query: () => ({ url: '/team/leave', method: 'POST' }) }),
      transferOwnership: build.mutation<TeamMembersResponse, TransferOwnershipRequest>({
        query: (body) => ({ url: '/team/transfer-ownership', method: 'POST', body }),
        invalidatesTags: ['TeamMembers', 'TeamAudit'],
      }),
      teamInvitations: build.query<InvitationsResponse, void>({
        query: () => '/team/invitations',
        providesTags: ['TeamInvitations'],
      }),
      invite: build.mutation<Invitation, CreateInvitationRequest>({
        query: (body) => ({ url: '/team/invitations', method: 'POST', body }),
        invalidatesTags: ['TeamInvitations', 'TeamAudit'],
      }),
      resendInvitation: build.mutation<Invitation, string>({
        query: (id) => ({ url: `/team/invitations/${encodeURIComponent(id)}/resend`, method: 'POST' }),
        invalidatesTags: ['TeamInvitations', 'TeamAudit'],
      }),
      revokeInvitation: build.mutation<void, string>({
        query: (id) => ({ url: `/team/invitations/${encodeURIComponent(id)}`, method: 'DELETE' }),
        invalidatesTags: ['TeamInvitations', 'TeamAudit'],
      }),
      // One query per page of 50: 'Load more' adds the next cursor's page below the ones shown.
      teamAudit: build.query<TeamAuditResponse, string | null>({
        query: (cursor) => (cursor ? { url: '/team/audit', params: { cursor } } : '/team/audit'),
        providesTags: ['TeamAudit'],
      }),
    }),
  }),
);

export const loadTeamApi = teamApi.load;
export const useTeamMembersQuery = teamApi.hook('useTeamMembersQuery');
export const useChangeMemberRoleMutation = teamApi.hook('useChangeMemberRoleMutation');
export const useRemoveMemberMutation = teamApi.hook('useRemoveMemberMutation');
export const useLeaveTeamMutation = teamApi.hook('useLeaveTeamMutation');
export const useTransferOwnershipMutation = teamApi.hook('useTransferOwnershipMutation');
export const useTeamInvitationsQuery = teamApi.hook('useTeamInvitationsQuery');
export const useInviteMutation = teamApi.hook('useInviteMutation');
export const useResendInvitationMutation = teamApi.hook('useResendInvitationMutation');
export const useRevokeInvitationMutation = teamApi.hook('useRevokeInvitationMutation');
export const useTeamAuditQuery = teamApi.hook('useTeamAuditQuery');

import type { InvitationPreview, LoginResponse } from '@portal/contracts';
import { lazyApi } from '@portal/store';

/** The invitation link's calls (identity): what it is (public), and joining with it (signed in). */
const invitationApi = lazyApi((api) =>
  api.injectEndpoints({
    endpoints: (build) => ({
      // A query, though it POSTs: sent once per token however often the page renders.
      invitationPreview: build.query<InvitationPreview, { token: string }>({
        query: (body) => ({ url: '/invitations/preview', method: 'POST', body }),
      }),
      acceptInvitation: build.mutation<LoginResponse, { token: string }>({
        query: (body) => ({ url: '/invitations/accept', method: 'POST', body }),
      }),
    }),
  }),
);

export const loadInvitationApi = invitationApi.load;
export const useInvitationPreviewQuery = invitationApi.hook('useInvitationPreviewQuery');
export const useAcceptInvitationMutation = invitationApi.hook('useAcceptInvitationMutation');

import {
  can,
  type LoginResponse,
  type MyOrganizationsResponse,
  type OrgPermission,
  type TokenRequest,
} from '@portal/contracts';
// Through the package, not a relative path: this module is bundled by the sections that import it
// (`@portal/store/organizations`), and the store it talks to must be the page's one shared store.
import { lazyApi, loadApi, signedIn, useAppSelector, type AppThunk, type RootState } from '@portal/store';

/**
 * The organization the session acts in, and what the member's role there allows: a subpath of the
 * store (`@portal/store/organizations`), outside the shared module every first visit loads (only the
 * header's switcher, the dashboard and checkout use it).
 */

/** The member's role in the token's organization; undefined until `me` has told it, null for none. */
export const selectOrgRole = (state: RootState) => state.session.user?.orgRole;

/** Whether the signed-in member's role in their current organization allows `permission`. */
export function useCan(permission: OrgPermission): boolean {
  return useAppSelector((state) => can(selectOrgRole(state), permission));
}

const organizationsApi = lazyApi((api) =>
  api.injectEndpoints({
    endpoints: (build) => ({
      myOrganizations: build.query<MyOrganizationsResponse, void>({ query: () => '/organizations' }),
      token: build.mutation<LoginResponse, TokenRequest>({
        query: (body) => ({ url: '/auth/token', method: 'POST', body }),
      }),
    }),
  }),
);

export const useMyOrganizationsQuery = organizationsApi.hook('useMyOrganizationsQuery');
export const loadOrganizationsApi = organizationsApi.load;

/**
 * The session now acts in the organization of `response` (a switch, a renewal, an accepted
 * invitation): every cached answer goes (it was the other organization's), then the token is stored
 * and the user signed in as after a login (`me` then tells the organization and the role there).
 */
export const enteredOrganization =
  (response: LoginResponse): AppThunk<Promise<void>> =>
  async (dispatch) => {
    const { api } = await loadApi();
    dispatch(api.util.resetApiState());
    dispatch(signedIn(response));
  };

/**
 * The header's switcher: a token for the session scoped to `organizationId` (without one: the token's
 * organization as the membership is now, or another of the user's, or none, after leaving). Rejects
 * with the API's error when the switch failed.
 */
export const switchOrganization =
  (organizationId?: string): AppThunk<Promise<void>> =>
  async (dispatch) => {
    const { endpoints } = await organizationsApi.load();
    const response = await dispatch(
      endpoints.token.initiate(organizationId ? { organizationId } : {}),
    ).unwrap();
    await dispatch(enteredOrganization(response));
  };

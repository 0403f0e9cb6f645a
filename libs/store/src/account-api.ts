import {
  ACCOUNT_EXPORT_SERVICES,
  accountExportPath,
  type AccountExportPart,
  type AccountExportService,
  type AccountResponse,
  type AccountSession,
  type ChangeEmailRequest,
  type ChangePasswordRequest,
  type DeleteAccountRequest,
  type MessageResponse,
  type RecoveryCodesResponse,
  type SignedOutResponse,
  type TwoFactorDisableRequest,
  type TwoFactorEnableRequest,
  type TwoFactorSetupResponse,
  type UpdateAccountRequest,
} from '@portal/contracts';
// Through the package, not a relative path: this module is bundled by the section that imports it
// (`@portal/store/account-api`), and the store it talks to must be the page's one shared store.
import { lazyApi, sessionEnded, showToast, type AppThunk } from '@portal/store';

/**
 * The account settings' calls (`/api/account…`, issue 17): the account, its name, email, password,
 * sessions, two-factor sign-in, export and deletion. A subpath of the store
 * (`@portal/store/account-api`), outside the shared module every first visit loads: only the
 * dashboard's pages use it.
 */
const accountApi = lazyApi((api) =>
  api.enhanceEndpoints({ addTagTypes: ['Account', 'AccountSessions'] }).injectEndpoints({
    endpoints: (build) => ({
      account: build.query<AccountResponse, void>({ query: () => '/account', providesTags: ['Account'] }),
      updateAccount: build.mutation<AccountResponse, UpdateAccountRequest>({
        query: (body) => ({ url: '/account', method: 'PATCH', body }),
        invalidatesTags: ['Account'],
      }),
      resendVerificationEmail: build.mutation<MessageResponse, void>({
        query: () => ({ url: '/account/verification-email', method: 'POST' }),
      }),
      changeEmail: build.mutation<MessageResponse, ChangeEmailRequest>({
        query: (body) => ({ url: '/account/email', method: 'POST', body }),
        invalidatesTags: ['Account'],
      }),
      changePassword: build.mutation<void, ChangePasswordRequest>({
        query: (body) => ({ url: '/account/password', method: 'POST', body }),
        invalidatesTags: ['AccountSessions'],
      }),
      accountSessions: build.query<AccountSession[], void>({
        query: () => '/account/sessions',
        providesTags: ['AccountSessions'],
      }),
      endSession: build.mutation<void, string>({
        query: (id) => ({ url: `/account/sessions/${encodeURIComponent(id)}`, method: 'DELETE' }),
        invalidatesTags: ['AccountSessions'],
      }),
      signOutOtherSessions: build.mutation<SignedOutResponse, void>({
        query: () => ({ url: '/account/sessions/sign-out-others', method: 'POST' }),
        invalidatesTags: ['AccountSessions'],
      }),
      setUpTwoFactor: build.mutation<TwoFactorSetupResponse, void>({
        query: () => ({ url: '/account/two-factor/setup', method: 'POST' }),
      }),
      enableTwoFactor: build.mutation<RecoveryCodesResponse, TwoFactorEnableRequest>({
        query: (body) => ({ url: '/account/two-factor/enable', method: 'POST', body }),
        invalidatesTags: ['Account'],
      }),
      disableTwoFactor: build.mutation<void, TwoFactorDisableRequest>({
        query: (body) => ({ url: '/account/two-factor/disable', method: 'POST', body }),
        invalidatesTags: ['Account'],
      }),
      deleteAccount: build.mutation<void, DeleteAccountRequest>({
        query: (body) => ({ url: '/account/delete', method: 'POST', body }),
      }),
      accountExportPart: build.query<AccountExportPart, AccountExportService>({
        // The contract's paths are the gateway's (`/api/account/export…`); the api's base is `/api`.
        query: (service) => accountExportPath(service).slice('/api'.length),
        // Each export is read fresh and not kept: it is the account's data as of the click.
        keepUnusedDataFor: 0,
      }),
    }),
  }),
);

/** The account endpoints, once RTK Query has loaded (tests load it up front). */
export const loadAccountApi = accountApi.load;

export const useAccountQuery = accountApi.hook('useAccountQuery');
export const useUpdateAccountMutation = accountApi.hook('useUpdateAccountMutation');
export const useResendVerificationEmailMutation = accountApi.hook('useResendVerificationEmailMutation');
export const useChangeEmailMutation = accountApi.hook('useChangeEmailMutation');
export const useChangePasswordMutation = accountApi.hook('useChangePasswordMutation');
export const useAccountSessionsQuery = accountApi.hook('useAccountSessionsQuery');
export const useEndSessionMutation = accountApi.hook('useEndSessionMutation');
export const useSignOutOtherSessionsMutation = accountApi.hook('useSignOutOtherSessionsMutation');
export const useSetUpTwoFactorMutation = accountApi.hook('useSetUpTwoFactorMutation');
export const useEnableTwoFactorMutation = accountApi.hook('useEnableTwoFactorMutation');
export const useDisableTwoFactorMutation = accountApi.hook('useDisableTwoFactorMutation');
export const useDeleteAccountMutation = accountApi.hook('useDeleteAccountMutation');

/** The verification email was confirmed elsewhere (a 409 on Resend): the account is read again. */
export const accountChanged = (): AppThunk => (dispatch) =>
  void accountApi.load().then((api) => dispatch(api.util.invalidateTags(['Account'])));

/** What 'Export my data' gathered: every service's part, or the services whose part failed. */
export type AccountExport =
  | { ok: true; parts: AccountExportPart[] }
  | { ok: false; failed: { service: AccountExportService; error: unknown }[] };

/**
 * Every service's part of the account's data (`accountExportPath` for each of
 * ACCOUNT_EXPORT_SERVICES), asked for at once. A part that fails is named, never dropped: the export
 * is whole or not given.
 */
export const exportAccount = (): AppThunk<Promise<AccountExport>> => async (dispatch) => {
  const api = await accountApi.load();
  const answers = await Promise.all(
    ACCOUNT_EXPORT_SERVICES.map(async (service) => {
      const { data, error } = await dispatch(
        api.endpoints.accountExportPart.initiate(service, { subscribe: false, forceRefetch: true }),
      );
      return { service, data, error };
    }),
  );
  const failed = answers.filter(({ data }) => !data).map(({ service, error }) => ({ service, error }));
  if (failed.length) return { ok: false, failed };
  return { ok: true, parts: answers.map(({ data }) => data!) };
};

/**
 * The account was deleted: the session ends here as at Sign Out (tokens, cached data and cart gone,
 * ADR 0153), without reloading the page, so the toast that confirms it is seen on `/`.
 */
export const accountDeleted = (): AppThunk => (dispatch) => {
  dispatch(sessionEnded());
  dispatch(
    showToast({
      title: 'Your account has been deleted',
      description: 'Every service is erasing your data; orders stay for accounting, without your name or email.',
      severity: 'success',
    }),
  );
};

import { lazyApi } from '@portal/store';

// The sign-in, sign-up and account-recovery pages' calls. Their endpoints come with the store's api
// (the session's own calls are beside them), so nothing is injected; the hooks live here so that the
// store, which every first visit loads, does not carry them.
const identityApi = lazyApi((api) => api);

export const useLoginMutation = identityApi.hook('useLoginMutation');
export const useLoginTwoFactorMutation = identityApi.hook('useLoginTwoFactorMutation');
export const useRegisterMutation = identityApi.hook('useRegisterMutation');
export const useForgotPasswordMutation = identityApi.hook('useForgotPasswordMutation');
export const useResetPasswordMutation = identityApi.hook('useResetPasswordMutation');
export const useVerifyEmailQuery = identityApi.hook('useVerifyEmailQuery');
export const useConfirmEmailQuery = identityApi.hook('useConfirmEmailQuery');
export const useLogoutMutation = identityApi.hook('useLogoutMutation');

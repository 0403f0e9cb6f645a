export { loadApi, useApiModule } from './api-loader';
export { useLoginMutation, useRegisterMutation } from './api-hooks';
export type { LoginRequest, LoginResponse, RegisterRequest, RegisterResponse } from './auth-api';
export { errorText, isApiError, serverMessage, toApiError } from './error-text';
export type { ApiError } from './error-text';
export { createPortalStore, store } from './store';
export type { AppDispatch, LazyLoadedSlices, PortalStore, RootState } from './store';
export {
  initialSessionState,
  registered,
  sessionSlice,
  signOut,
  signedIn,
  tokenPresenceChanged,
  userLoaded,
} from './session-slice';
export type { SessionState, SessionUser } from './session-slice';
export { TOAST_DURATION_MS, dismissToast, showToast, toastSlice } from './toast-slice';
export type { ShowToast, Toast, ToastSeverity, ToastState } from './toast-slice';
export { closeQuoteDialog, openQuoteDialog, quoteDialogSlice } from './quote-dialog-slice';
export { REGISTER_TOKEN_KEY, TOKEN_KEY, clearTokens, readToken } from './token';
export {
  selectHasToken,
  selectQuoteDialogOpen,
  selectSessionUser,
  selectToast,
  useAppDispatch,
  useAppSelector,
} from './hooks';

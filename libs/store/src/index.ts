export { lazyApi, loadApi } from './api-loader';
export type { LazyApi, PortalApi } from './api-loader';
export type { ApiError } from './error-text';
export { serverMessage } from './server-message';
export { createPortalStore, store } from './store';
export { StoreProvider } from './StoreProvider';
export type { AppDispatch, AppThunk, LazyLoadedSlices, PortalStore, RootState } from './store';
export type { SessionState, SessionStatus, SessionUser } from './session-slice';
export { checkCurrentUser, registered, sessionEnded, signOut, signedIn, startSession } from './session';
export { dismissToast, showToast } from './toast-slice';
export type { ShowToast, Toast, ToastSeverity, ToastState } from './toast-slice';
export { closeQuoteDialog, openQuoteDialog } from './quote-dialog-slice';
export type { QuoteDialogState } from './quote-dialog-slice';
export { CartProvider, useCartContext } from './cart/CartProvider';
export type { CartContextValue } from './cart/CartProvider';
export { cartCleared } from './cart/cart-slice';
export type { CartState } from './cart/cart-slice';
export { MAX_CART_QUANTITY } from './cart/cart-item';
export type { CartItem, NewCartItem } from './cart/cart-item';
export {
  selectCartCount,
  selectQuoteDialogOpen,
  selectQuoteDialogSubject,
  selectSessionStatus,
  selectSessionUser,
  selectUserCheckFailed,
  selectToast,
  useAppDispatch,
  useAppSelector,
} from './hooks';

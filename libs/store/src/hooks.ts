import { useDispatch, useSelector } from 'react-redux';
import { cartCount } from './cart/cart-slice';
import { sessionStatus } from './session-slice';
import type { AppDispatch, RootState } from './store';

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();

/** 'checking' while the current-user call runs, then 'signedIn' (user and token) or 'signedOut'. */
export const selectSessionStatus = (state: RootState) => sessionStatus(state.session);
export const selectSessionUser = (state: RootState) => state.session.user;
export const selectUserCheckFailed = (state: RootState) => state.session.checkFailed === true;
export const selectToast = (state: RootState) => state.toast.current;
export const selectQuoteDialogOpen = (state: RootState) => state.quoteDialog.open;
export const selectQuoteDialogSubject = (state: RootState) => state.quoteDialog.subject;
/** How many plans the cart holds (quantities added up). */
export const selectCartCount = (state: RootState) => cartCount(state.cart.items);

import { useDispatch, useSelector } from 'react-redux';
import type { AppDispatch, RootState } from './store';

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();

export const selectHasToken = (state: RootState) => state.session.hasToken;
export const selectSessionUser = (state: RootState) => state.session.user;
export const selectToast = (state: RootState) => state.toast.current;
export const selectQuoteDialogOpen = (state: RootState) => state.quoteDialog.open;

import { useEffect } from 'react';
import { serverMessage, showToast, useAppDispatch } from '@portal/store';

/** The part of an RTK Query result that tells whether its last request failed. */
export interface QueryOutcome {
  isError: boolean;
  error?: unknown;
}

/**
 * Failures already toasted. RTK Query stores one error object per failed request and hands the same
 * object to every component reading that query, so each failure is told once however many
 * components show it (and under StrictMode's double effects); a retry that fails again is a new
 * object, hence a new toast.
 */
const toasted = new WeakSet<object>();

/**
 * Shows the error toast (e.g. 'Failed to fetch orders') once per failure of a
 * query, with the server's message as its description when it sent one.
 */
export function useFailureToast({ isError, error }: QueryOutcome, title: string): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (!isError || typeof error !== 'object' || error === null || toasted.has(error)) return;
    toasted.add(error);
    dispatch(showToast({ title, description: serverMessage(error), severity: 'error' }));
  }, [isError, error, title, dispatch]);
}

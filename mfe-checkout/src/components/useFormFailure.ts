import { useState } from 'react';
import { serverMessage, showToast, useAppDispatch } from '@portal/store';

/**
 * Why a sign-in or sign-up failed, told twice: in the spec's 'Error' toast, and kept for an alert
 * above the form, where the eye is after pressing the button (the toast sits in a corner and goes).
 */
export function useFormFailure(fallback: string) {
  const dispatch = useAppDispatch();
  const [failure, setFailure] = useState<string | null>(null);
  return {
    failure,
    clearFailure: () => setFailure(null),
    /** The server's message, or `fallback` when it gave none. */
    fail: (error: unknown) => {
      const message = serverMessage(error) ?? fallback;
      setFailure(message);
      dispatch(showToast({ title: 'Error', description: message, severity: 'error' }));
    },
  };
}

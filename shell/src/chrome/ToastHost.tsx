import { Suspense, lazy } from 'react';
import { selectToast, useAppSelector } from '@portal/store';

const ToastView = lazy(() => import('./ToastView'));

/** Shows the one current toast of the store; the toast UI loads on first use. */
export function ToastHost() {
  const toast = useAppSelector(selectToast);
  if (!toast) return null;
  return (
    <Suspense fallback={null}>
      <ToastView toast={toast} />
    </Suspense>
  );
}

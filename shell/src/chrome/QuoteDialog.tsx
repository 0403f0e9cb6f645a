import { Suspense, lazy, useState } from 'react';
import { closeQuoteDialog, selectQuoteDialogOpen, useAppDispatch, useAppSelector } from '@portal/store';

const QuoteDialogView = lazy(() => import('./QuoteDialogView'));

/** The overlay quote dialog, opened from any section with `openQuoteDialog()`; loaded on first use. */
export function QuoteDialog() {
  const dispatch = useAppDispatch();
  const open = useAppSelector(selectQuoteDialogOpen);
  const [loaded, setLoaded] = useState(open);
  if (open && !loaded) setLoaded(true);
  if (!loaded) return null;
  return (
    <Suspense fallback={null}>
      <QuoteDialogView open={open} onClose={() => dispatch(closeQuoteDialog())} />
    </Suspense>
  );
}

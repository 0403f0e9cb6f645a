import { Suspense } from 'react';
import Box from '@mui/material/Box';
import { lazyPage } from '@portal/ui';
import type { TwoFactorStepProps } from './TwoFactorStep';

// Only accounts with two-factor sign-in see it, after their password: its code check (a schema, so
// zod) stays off the first render of the sign-in and reset pages.
const { Page: TwoFactorStep } = lazyPage(() =>
  import('./TwoFactorStep').then(({ TwoFactorStep }) => ({ default: TwoFactorStep })),
);

/** The two-factor step, loaded when a password is answered with a challenge. */
export function LazyTwoFactorStep(props: TwoFactorStepProps) {
  return (
    <Suspense fallback={<Box aria-busy="true" aria-label="Loading the code step" sx={{ minHeight: 240 }} />}>
      <TwoFactorStep {...props} />
    </Suspense>
  );
}

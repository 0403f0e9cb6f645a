import { useEffect, useRef, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { CopyableValue } from '../Integrations/CopyableValue';

export interface SecretShownOnceProps {
  titleId: string;
  title: string;
  /** What was made, before the secret: 'Deploy bot is ready.' */
  intro: ReactNode;
  /** The secret's label: 'API key', 'Signing secret'. */
  label: string;
  secret: string;
  /** What the warning adds after "it won't be shown again": what to do when it is lost. */
  ifLost: string;
  children?: ReactNode;
  onDone: () => void;
}

/**
 * The second step of a dialog that made a secret (a new or rolled API key, an endpoint's signing
 * secret): the secret in full with Copy, and the warning that it is shown this once. The secret lives
 * only in this step's props, never in the store.
 */
export function SecretShownOnce({
  titleId,
  title,
  intro,
  label,
  secret,
  ifLost,
  children,
  onDone,
}: SecretShownOnceProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The form that had focus is gone: start the reader at this step's title.
  useEffect(() => heading.current?.focus(), []);
  return (
    <>
      <DialogTitle
        id={titleId}
        ref={heading}
        tabIndex={-1}
        component="h2"
        variant="h3"
        sx={{ outline: 'none' }}
      >
        {title}
      </DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2.5, px: { xs: 2, sm: 3 } }}>
        {intro}
        <CopyableValue label={label} value={secret} />
        <Alert severity="warning" variant="outlined">
          Copy the {label.toLowerCase()} now: it won&apos;t be shown again. {ifLost}
        </Alert>
        {children}
      </DialogContent>
      <DialogActions sx={{ px: { xs: 2, sm: 3 }, pb: 3, pt: 1 }}>
        <Button variant="contained" onClick={onDone}>
          Done
        </Button>
      </DialogActions>
    </>
  );
}

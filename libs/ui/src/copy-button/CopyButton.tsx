import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Check from '@mui/icons-material/CheckRounded';
import ContentCopy from '@mui/icons-material/ContentCopyRounded';

const CONFIRMATION_MS = 2000;

type CopyState = 'idle' | 'copied' | 'unavailable';

/** Screen-reader-only text. */
const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  p: 0,
  m: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

export interface CopyButtonProps {
  text: string;
  /** What is copied, for the button's name: 'Copy <label>'. */
  label: string;
  /** Shown (and announced) when the browser offers no clipboard: how to copy by hand. */
  unavailableHint: string;
  /** `accent` (the data colour) where copying is the point; `muted` beside content. */
  tone?: 'accent' | 'muted';
}

/**
 * Copies `text` with the Clipboard API and says so: the button reads 'Copied' for two seconds and a
 * polite live region, always in the page (one added with its message is often not read), announces
 * it; without a clipboard the region shows `unavailableHint` as a full row under the button.
 * A subpath of `@portal/ui` (`@portal/ui/copy-button`), outside the shared module the first visit loads.
 */
export function CopyButton({ text, label, unavailableHint, tone = 'accent' }: CopyButtonProps) {
  const [state, setState] = useState<CopyState>('idle');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function copy() {
    clearTimeout(timer.current);
    try {
      if (!navigator.clipboard?.writeText) throw new Error('No Clipboard API');
      await navigator.clipboard.writeText(text);
      setState('copied');
      timer.current = setTimeout(() => setState('idle'), CONFIRMATION_MS);
    } catch {
      setState('unavailable');
    }
  }

  const copied = state === 'copied';
  const idleColor = tone === 'accent' ? 'secondary.main' : 'text.secondary';
  return (
    <>
      <Button
        size="small"
        color="inherit"
        onClick={copy}
        // Once copied, the visible 'Copied' is the name (what is seen is what is announced).
        aria-label={copied ? undefined : `Copy ${label}`}
        startIcon={copied ? <Check aria-hidden /> : <ContentCopy aria-hidden />}
        sx={{ color: copied ? 'success.main' : idleColor, flexShrink: 0 }}
      >
        {copied ? 'Copied' : 'Copy'}
      </Button>
      <Box
        component="span"
        role="status"
        sx={
          state === 'unavailable'
            ? { flexBasis: '100%', typography: 'caption', color: 'warning.main', pb: 1 }
            : visuallyHidden
        }
      >
        {copied && 'Copied to the clipboard'}
        {state === 'unavailable' && unavailableHint}
      </Box>
    </>
  );
}

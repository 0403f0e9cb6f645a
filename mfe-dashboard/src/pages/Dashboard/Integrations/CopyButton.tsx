import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Check from '@mui/icons-material/CheckRounded';
import ContentCopy from '@mui/icons-material/ContentCopyRounded';

const CONFIRMATION_MS = 2000;
export const COPY_UNAVAILABLE = 'Copying is not available here: select the text and copy it by hand.';

type CopyState = 'idle' | 'copied' | 'unavailable';

/** Screen-reader-only text (the live region's announcement; the button already shows 'Copied'). */
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

/**
 * Copies `text` with the Clipboard API. 'Copied' is announced through a polite live region that is
 * always in the page (a region added with its message is often not read).
 */
export function CopyButton({ text, label }: { text: string; label: string }) {
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
  return (
    <>
      <Button
        size="small"
        color={copied ? 'success' : 'secondary'}
        onClick={copy}
        // Once copied, the visible 'Copied' is the name (what is seen is what is announced).
        aria-label={copied ? undefined : `Copy ${label}`}
        startIcon={copied ? <Check aria-hidden /> : <ContentCopy aria-hidden />}
        sx={{ flexShrink: 0 }}
      >
        {copied ? 'Copied' : 'Copy'}
      </Button>
      <Box
        component="span"
        role="status"
        sx={
          state === 'unavailable'
            ? { flexBasis: '100%', typography: 'caption', color: 'warning.main' }
            : visuallyHidden
        }
      >
        {copied && 'Copied'}
        {state === 'unavailable' && COPY_UNAVAILABLE}
      </Box>
    </>
  );
}

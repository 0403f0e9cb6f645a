import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Check from '@mui/icons-material/CheckRounded';
import ContentCopy from '@mui/icons-material/ContentCopyRounded';
import { VisuallyHidden } from '../../components/VisuallyHidden';

export const COPY_UNAVAILABLE =
  'Copying is not available here. Select the code and press Ctrl+C (⌘C on a Mac).';
const CONFIRMATION_MS = 2000;

type CopyState = 'idle' | 'copied' | 'unavailable';

/** Copies `text` with the Clipboard API; says 'Copied', or how to copy by hand when it cannot. */
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

  return (
    <>
      <Button
        size="small"
        color="inherit"
        onClick={copy}
        aria-label={state === 'copied' ? undefined : `Copy ${label}`}
        startIcon={state === 'copied' ? <Check aria-hidden /> : <ContentCopy aria-hidden />}
        sx={{ color: state === 'copied' ? 'success.main' : 'text.secondary', flexShrink: 0 }}
      >
        {state === 'copied' ? 'Copied' : 'Copy'}
      </Button>
      {/* Always present, so screen readers announce what it comes to say; a full row of the header. */}
      <Box role="status" sx={{ flexBasis: '100%', typography: 'caption', color: 'warning.main' }}>
        {state === 'copied' && <VisuallyHidden>Copied to the clipboard</VisuallyHidden>}
        {state === 'unavailable' && <Box sx={{ pb: 1 }}>{COPY_UNAVAILABLE}</Box>}
      </Box>
    </>
  );
}

import { useId } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { CopyButton } from '@portal/ui/copy-button';

export const COPY_UNAVAILABLE = 'Copying is not available here: select the text and copy it by hand.';

export interface CopyableValueProps {
  label: string;
  value: string;
  /** The copy button's name when the label alone is ambiguous: 'inbound URL of Sales HubSpot'. */
  copyLabel?: string;
}

/** A labelled value to paste elsewhere (a URL, a secret): shown in full, wrapped, with Copy. */
export function CopyableValue({ label, value, copyLabel = label }: CopyableValueProps) {
  const labelId = useId();
  return (
    <Box role="group" aria-labelledby={labelId} sx={{ minWidth: 0 }}>
      <Typography id={labelId} variant="caption" color="text.secondary" component="div" sx={{ mb: 0.5 }}>
        {label}
      </Typography>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          gap: 1,
          pl: 1.5,
          pr: 0.5,
          py: 0.5,
          borderRadius: 2,
          border: 1,
          borderColor: 'divider',
          bgcolor: 'background.default',
        }}
      >
        <Box
          component="code"
          sx={{
            flex: '1 1 12rem',
            minWidth: 0,
            fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
            fontSize: '0.8125rem',
            overflowWrap: 'anywhere',
          }}
        >
          {value}
        </Box>
        <CopyButton text={value} label={copyLabel} unavailableHint={COPY_UNAVAILABLE} />
      </Box>
    </Box>
  );
}

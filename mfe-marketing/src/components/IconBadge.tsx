import type { ComponentType } from 'react';
import Box from '@mui/material/Box';
import type { SvgIconProps } from '@mui/material/SvgIcon';

const TONES = {
  data: { bgcolor: 'rgba(45, 212, 191, 0.12)', color: 'secondary.main' },
  accent: { bgcolor: 'rgba(255, 106, 61, 0.14)', color: 'primary.light' },
} as const;

export interface IconBadgeProps {
  Icon: ComponentType<SvgIconProps>;
  /** `data` (teal) for figures and features, `accent` (orange) for calls to action. */
  tone?: keyof typeof TONES;
}

/** A decorative icon in a soft rounded square, beside a heading or a figure. */
export function IconBadge({ Icon, tone = 'data' }: IconBadgeProps) {
  return (
    <Box
      aria-hidden
      sx={{
        flexShrink: 0,
        width: 48,
        height: 48,
        borderRadius: 3,
        display: 'grid',
        placeItems: 'center',
        ...TONES[tone],
      }}
    >
      <Icon />
    </Box>
  );
}

import { useId } from 'react';
import { colors } from '@portal/ui';

export interface InitialsAvatarProps {
  name: string;
  size?: number;
}

/** 'Angela Reyes' → 'AR'. */
function initialsOf(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .map((part) => part[0].toUpperCase())
    .slice(0, 2)
    .join('');
}

/** A portrait placeholder drawn as SVG: the person's initials on a gradient disc. Decorative. */
export function InitialsAvatar({ name, size = 96 }: InitialsAvatarProps) {
  const gradientId = useId();
  return (
    <svg width={size} height={size} viewBox="0 0 96 96" aria-hidden focusable="false">
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={colors.accent} />
          <stop offset="1" stopColor={colors.data} />
        </linearGradient>
      </defs>
      <circle cx="48" cy="48" r="48" fill={`url(#${gradientId})`} />
      <circle cx="48" cy="48" r="44" fill={colors.surfaceRaised} />
      <text
        x="48"
        y="50"
        textAnchor="middle"
        dominantBaseline="middle"
        fill={colors.text}
        fontFamily="inherit"
        fontSize="32"
        fontWeight="700"
      >
        {initialsOf(name)}
      </text>
    </svg>
  );
}

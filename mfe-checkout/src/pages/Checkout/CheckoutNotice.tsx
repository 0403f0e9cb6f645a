import { useEffect, useRef, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

export interface CheckoutNoticeProps {
  icon: ReactNode;
  title: string;
  children: ReactNode;
  /** Buttons or links under the message. */
  actions?: ReactNode;
  /** `alert` for failures, `status` for news the visitor waits for. */
  role?: 'alert' | 'status';
  /** Moves the focus to the title on mount: it replaces what the visitor just pressed. */
  focusTitle?: boolean;
}

/** A centred message of the checkout page: icon, h1, text and what to do next. */
export function CheckoutNotice({ icon, title, children, actions, role, focusTitle }: CheckoutNoticeProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusTitle) heading.current?.focus();
  }, [focusTitle]);
  return (
    <Box
      component="section"
      role={role}
      sx={{ px: 2, py: { xs: 10, md: 14 }, textAlign: 'center', maxWidth: 560, mx: 'auto' }}
    >
      <Box aria-hidden sx={{ mb: 1, '& svg': { fontSize: 48 } }}>
        {icon}
      </Box>
      <Typography
        ref={heading}
        variant="h2"
        component="h1"
        tabIndex={focusTitle ? -1 : undefined}
        sx={{ mb: 1.5, '&:focus': { outline: 'none' } }}
      >
        {title}
      </Typography>
      <Box sx={{ color: 'text.secondary', mb: actions ? 4 : 0 }}>{children}</Box>
      {actions && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'center', gap: 1.5 }}>{actions}</Box>
      )}
    </Box>
  );
}

import { useEffect, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { loadRuntimeConfig, type RuntimeConfig } from '@portal/store/runtime-config';
import { inlineSchedulerUrl } from './scheduler';

/** The inline scheduling widget is at least 700 px high. */
export const INLINE_SCHEDULER_MIN_HEIGHT = 700;

export interface InlineSchedulerProps {
  /** The frame's accessible name. */
  title: string;
  /** Shown instead when no scheduler is configured. */
  unavailable: ReactNode;
}

/** The booking page embedded in the page (an iframe), or `unavailable` when none is configured. */
export function InlineScheduler({ title, unavailable }: InlineSchedulerProps) {
  const [config, setConfig] = useState<RuntimeConfig | null>(null);
  useEffect(() => {
    let current = true;
    void loadRuntimeConfig().then((loaded) => current && setConfig(loaded));
    return () => {
      current = false;
    };
  }, []);

  if (!config) {
    return <Skeleton variant="rounded" height={INLINE_SCHEDULER_MIN_HEIGHT} />;
  }
  if (!config.scheduler) return <>{unavailable}</>;
  return (
    <Box
      component="iframe"
      title={title}
      src={inlineSchedulerUrl(config.scheduler.url)}
      loading="lazy"
      sx={{
        display: 'block',
        width: '100%',
        height: { xs: INLINE_SCHEDULER_MIN_HEIGHT, md: 760 },
        minHeight: INLINE_SCHEDULER_MIN_HEIGHT,
        border: 0,
        borderRadius: 2,
        bgcolor: 'background.paper',
      }}
    />
  );
}

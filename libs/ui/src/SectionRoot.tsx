import type { ReactNode } from 'react';
import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { ThemeProvider } from '@mui/material/styles';
import CssBaseline from '@mui/material/CssBaseline';
import { theme } from './theme';

const caches = new Map<string, EmotionCache>();

/** One emotion cache per section (`mfe-<name>`), so class names never clash between sections. */
export function sectionCache(name: string): EmotionCache {
  let cache = caches.get(name);
  if (!cache) {
    cache = createCache({ key: `mfe-${name}` });
    caches.set(name, cache);
  }
  return cache;
}

export interface SectionRootProps {
  /** Section name: `shell`, `marketing`, `checkout`, `dashboard`. */
  name: string;
  /** Global baseline styles: only the shell renders them, once for the whole page. */
  baseline?: boolean;
  children: ReactNode;
}

/** Wraps a section in its own emotion cache and the one dark theme. */
export function SectionRoot({ name, baseline = false, children }: SectionRootProps) {
  return (
    <CacheProvider value={sectionCache(name)}>
      <ThemeProvider theme={theme}>
        {baseline && <CssBaseline enableColorScheme />}
        {children}
      </ThemeProvider>
    </CacheProvider>
  );
}

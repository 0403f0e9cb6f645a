import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { SectionRoot } from './SectionRoot';

/**
 * Renders a section on its own dev page (no shell). A subpath of its own (`@portal/ui/standalone`),
 * outside the shared `@portal/ui` module, so pages served by the shell never download it. Without single-spa nobody answers
 * pushState/replaceState with popstate, so this does it, and the section's React Router follows
 * internal links exactly as inside the shell.
 */
export function startStandalone(section: ReactNode, container = document.getElementById('root')): void {
  if (!container) throw new Error('The standalone page lacks #root');
  for (const method of ['pushState', 'replaceState'] as const) {
    const original = window.history[method].bind(window.history);
    window.history[method] = (...args: Parameters<History['pushState']>) => {
      original(...args);
      window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
    };
  }
  createRoot(container).render(
    <SectionRoot name="standalone" baseline>
      {section}
    </SectionRoot>,
  );
}

import { createRoot } from 'react-dom/client';
import { SectionError, SectionRoot, usePageTitle } from '@portal/ui';
import type { SectionName } from '@portal/contracts';
import type { Dispose } from './section-application';

const WHAT: Record<SectionName, string> = {
  marketing: 'This page',
  checkout: 'Sign-in and checkout',
  dashboard: 'The customer dashboard',
  staff: 'The staff console',
};

export interface DeadSectionProps {
  name: SectionName;
  /** Why, when it is not the network: a shared library at a version the section does not accept. */
  reason?: string;
  onRetry: () => void;
}

/** The section error shown in place of a remote that could not be loaded. */
export function DeadSection({ name, reason, onRetry }: DeadSectionProps) {
  usePageTitle('Temporarily unavailable');
  return (
    <SectionError
      headingComponent="h1"
      title={`${WHAT[name]} could not be loaded`}
      message="A network problem or an update in progress stopped it from loading. The rest of the site still works; retry in a moment."
      reason={reason}
      onRetry={onRetry}
    />
  );
}

/**
 * Shown in place of any page when the site's manifest (where each section's code is, and the routes it
 * serves) cannot be read: which page the address is cannot be told yet.
 */
export function SiteUnavailable({ onRetry }: { onRetry: () => void }) {
  usePageTitle('Temporarily unavailable');
  return (
    <SectionError
      headingComponent="h1"
      title="This page could not be loaded"
      message="A network problem or an update in progress stopped it from loading. Retry in a moment."
      onRetry={onRetry}
    />
  );
}

/** The message of a `SharedVersionMismatch` (federation/shared-version-check.ts), by name: it may come from a remote's runtime. */
const versionMismatch = (error: unknown) =>
  error instanceof Error && error.name === 'SharedVersionMismatch' ? error.message : undefined;

/** Renders the section error into the section's slot; the returned function removes it. */
export async function showSectionError(
  slot: HTMLElement,
  { name, error, onRetry }: { name: SectionName; error: unknown; onRetry: () => void },
): Promise<Dispose> {
  const container = slot.appendChild(document.createElement('div'));
  const root = createRoot(container);
  root.render(
    <SectionRoot name="shell">
      <DeadSection name={name} reason={versionMismatch(error)} onRetry={onRetry} />
    </SectionRoot>,
  );
  return () => {
    root.unmount();
    container.remove();
  };
}

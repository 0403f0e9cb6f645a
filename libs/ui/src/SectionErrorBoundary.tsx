import { Component, type ErrorInfo, type ReactNode } from 'react';
import { SECTION_CODE_MISSING, type SectionCodeMissingDetail, type SectionName } from '@portal/contracts';
import { LoadAttemptContext } from './load-attempt';
import { SectionError } from './SectionError';

interface Props {
  section: SectionName;
  children: ReactNode;
}

/** Webpack's error for a chunk of code (a script, or its CSS) that could not be loaded. */
const isChunkLoadError = (error: Error) =>
  error.name === 'ChunkLoadError' || /^Loading (?:CSS )?chunk \S+ failed/.test(error.message);

interface State {
  error: Error | null;
  /** Retries so far: a lazy page that failed to load loads again on the next (`LoadAttemptContext`). */
  attempt: number;
}

/**
 * Catches a render error inside a section and offers 'Retry', which renders the section again, and
 * loads again a lazy page (`lazyPage`) whose chunk failed to load. A chunk that failed to load also
 * tells the shell, which mounts the section's current version instead when it has a new one.
 */
export class SectionErrorBoundary extends Component<Props, State> {
  state: State = { error: null, attempt: 0 };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Section render failed', error, info.componentStack);
    if (!isChunkLoadError(error)) return;
    const detail: SectionCodeMissingDetail = { section: this.props.section };
    window.dispatchEvent(new CustomEvent(SECTION_CODE_MISSING, { detail }));
  }

  render() {
    if (!this.state.error) {
      return <LoadAttemptContext value={this.state.attempt}>{this.props.children}</LoadAttemptContext>;
    }
    return (
      <SectionError
        title="Something went wrong"
        message="This part of the page hit an unexpected error. Retry to load it again."
        onRetry={() => this.setState(({ attempt }) => ({ error: null, attempt: attempt + 1 }))}
      />
    );
  }
}

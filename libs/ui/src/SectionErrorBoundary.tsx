import { Component, type ErrorInfo, type ReactNode } from 'react';
import { LoadAttemptContext } from './load-attempt';
import { SectionError } from './SectionError';

interface Props {
  children: ReactNode;
}

interface State {
  error: Error | null;
  /** Retries so far: a lazy page that failed to load loads again on the next (`LoadAttemptContext`). */
  attempt: number;
}

/**
 * Catches a render error inside a section and offers 'Retry', which renders the section again, and
 * loads again a lazy page (`lazyPage`) whose chunk failed to load.
 */
export class SectionErrorBoundary extends Component<Props, State> {
  state: State = { error: null, attempt: 0 };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Section render failed', error, info.componentStack);
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

import { Component, type ErrorInfo, type ReactNode } from 'react';
import { SectionError } from './SectionError';

interface Props {
  children: ReactNode;
}

interface State {
  error: Error | null;
}

/** Catches a render error inside a section and offers 'Retry', which renders the section again. */
export class SectionErrorBoundary extends Component<Props, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Section render failed', error, info.componentStack);
  }

  render() {
    if (!this.state.error) return this.props.children;
    return (
      <SectionError
        title="Something went wrong"
        message="This part of the page hit an unexpected error. Retry to load it again."
        onRetry={() => this.setState({ error: null })}
      />
    );
  }
}

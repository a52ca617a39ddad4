import { Component, type ErrorInfo, type ReactNode } from 'react';
import { reportError } from '@/lib/monitoring';
import { ErrorScreen } from './error-screen';

type State = { error: unknown; failed: boolean };

/** Catches a render error below it and shows the generic error screen; Try Again renders again. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null, failed: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Unexpected error', error, info.componentStack);
    reportError(error, { componentStack: info.componentStack });
  }

  override render() {
    if (this.state.failed) {
      return <ErrorScreen error={this.state.error} onRetry={() => this.setState({ error: null, failed: false })} />;
    }
    return this.props.children;
  }
}

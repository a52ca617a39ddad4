import { Component, type ReactNode } from 'react';
import { useLocation, useNavigate, type Location } from 'react-router';
import { ErrorScreen } from './error-screen';

type Props = { location: Location; children: ReactNode };
type State = { location: Location; error: unknown; failed: boolean };

/**
 * Catches a render error in a route and shows the generic error screen in its place until the
 * location changes, as a data router's error element would; Try Again reloads the page.
 */
class RouteErrorCatcher extends Component<Props, State> {
  override state: State = { location: this.props.location, error: null, failed: false };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error, failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.location === state.location ? null : { location: props.location, error: null, failed: false };
  }

  override componentDidCatch(error: unknown) {
    console.error('A route failed to render', error);
  }

  override render() {
    return this.state.failed ? <RetryScreen error={this.state.error} /> : this.props.children;
  }
}

function RetryScreen({ error }: { error: unknown }) {
  const navigate = useNavigate();
  return <ErrorScreen error={error} onRetry={() => navigate(0)} />;
}

/** The routes' error boundary: the same screen for every error a page throws while rendering. */
export function RouteError({ children }: { children: ReactNode }) {
  return <RouteErrorCatcher location={useLocation()}>{children}</RouteErrorCatcher>;
}

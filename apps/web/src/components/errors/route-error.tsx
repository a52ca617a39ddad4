import { useNavigate, useRouteError } from 'react-router';
import { ErrorScreen } from './error-screen';

/** The router's error element: the same screen for errors the router catches. */
export function RouteError() {
  const error = useRouteError();
  const navigate = useNavigate();
  return <ErrorScreen error={error} onRetry={() => navigate(0)} />;
}

import { useEffect } from 'react';
import { BrowserRouter, useNavigate, useRoutes } from 'react-router';
import { registerNavigator } from '@/lib/navigation';
import { routes } from './routes';

/** Lets code outside React (the HTTP client, sign-out) navigate on the client. */
function Navigator() {
  const navigate = useNavigate();
  useEffect(() => registerNavigator((to) => navigate(to, { replace: true })), [navigate]);
  return null;
}

function Routes() {
  return useRoutes(routes);
}

/**
 * The app's routes in a browser router. The declarative router is used rather than a data router:
 * the app loads no route data through the router, and the data router's code would weigh on
 * every page's first load.
 */
export function AppRouter() {
  return (
    <BrowserRouter>
      <Navigator />
      <Routes />
    </BrowserRouter>
  );
}

import { AppProviders } from './providers';
import { AppRoutes } from './routes';

/** The application without its router: the browser wraps it in BrowserRouter, the build's prerender in StaticRouter. */
export function App() {
  return (
    <AppProviders>
      <AppRoutes />
    </AppProviders>
  );
}

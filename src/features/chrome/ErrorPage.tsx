import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';
import { usePageTitle } from '../../ui/usePageTitle';

/** The generic error screen of every route group: "Oops!" plus what went wrong. */
export function ErrorPage() {
  usePageTitle('Error');
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? error.statusText || String(error.status) : error instanceof Error ? error.message : null;
  return (
    <main className="fullscreen-center">
      <div className="card" style={{ maxWidth: 520, textAlign: 'center' }} role="alert">
        <h1>Oops!</h1>
        <p>Sorry, an unexpected error has occurred.</p>
        {detail && (
          <p className="muted">
            <i>{detail}</i>
          </p>
        )}
        <Link to="/" className="btn btn-primary">
          Go to the start page
        </Link>
      </div>
    </main>
  );
}

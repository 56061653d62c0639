import { ERROR_TEXT } from '../../contract/errors';
import { usePageTitle } from '../../ui/usePageTitle';
import { AuthShell } from './AuthShell';
import { useAuth } from './AuthProvider';

export function AuthFailed({ message }: { message?: string }) {
  usePageTitle('Failed to Authenticate');
  const { retry, logout } = useAuth();
  return (
    <AuthShell title="Failed to Authenticate">
      <p className="form-error" role="alert">
        {message || ERROR_TEXT.unknown}
      </p>
      <div className="row">
        <button type="button" className="btn btn-primary" onClick={retry}>
          Retry
        </button>
        <button type="button" className="btn btn-secondary" onClick={() => void logout()}>
          Logout
        </button>
      </div>
    </AuthShell>
  );
}

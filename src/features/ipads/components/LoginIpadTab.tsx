import { KeyRound } from 'lucide-react';
import type { IpadDetails } from '../../../contract/devices';
import { errorMessage } from '../../../lib/api/errors';
import { useCreateSetupToken } from '../api';
import { SetupTokenCard } from './SetupTokenCard';

/** Login iPad tab (setup-device): a fresh setup code for a new or signed-out iPad. */
export function LoginIpadTab({ ipad }: { ipad: IpadDetails }) {
  const create = useCreateSetupToken(ipad.unique_identifier);
  const token = create.data?.ipad_setup_token;
  return (
    <div className="stack">
      <section className="card" aria-labelledby="login-ipad-heading">
        <h2 id="login-ipad-heading">Login iPad</h2>
        <p>
          Create a setup code to sign “{ipad.public_data.ipad_name}” in on an iPad, for example a replacement iPad or one that was logged out. The code
          works once, for 24 hours.
        </p>
        <div className="row">
          <button type="button" className="btn btn-primary" onClick={() => create.mutate()} disabled={create.isPending}>
            <KeyRound size={18} aria-hidden="true" />
            {create.isPending ? 'Creating...' : token ? 'Create New Setup Code' : 'Create Setup Code'}
          </button>
          {create.isError && (
            <span className="form-error" role="alert">
              {errorMessage(create.error)}
            </span>
          )}
        </div>
      </section>
      {token && <SetupTokenCard key={token.unique_identifier} token={token} />}
    </div>
  );
}

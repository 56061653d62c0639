import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router-dom';
import type { IpadSetupToken } from '../../contract/devices';
import { errorMessage } from '../../lib/api/errors';
import { usePageTitle } from '../../ui/usePageTitle';
import { ipadQueries, SETUP_POLL_INTERVAL_MS, useAddIpad } from './api';
import { IpadNameForm } from './components/IpadNameForm';
import { SetupTokenCard } from './components/SetupTokenCard';
import { useDeviceStatus } from './useDeviceStatus';

/** Add iPad (spec 000 section 2): name it, then hand its setup code to the iPad. */
export function AddIpadPage() {
  usePageTitle('Add iPad');
  const add = useAddIpad();
  const token = add.data?.ipad_setup_token;

  return (
    <section aria-labelledby="add-ipad-heading" className="stack">
      <div className="page-header">
        <h1 id="add-ipad-heading">Add iPad</h1>
      </div>
      {token ? (
        <WaitForIpad token={token} />
      ) : (
        <div className="card ipad-narrow-card">
          <h2>Enter iPad details</h2>
          <IpadNameForm
            submitLabel="Add iPad"
            busyLabel="Adding..."
            isBusy={add.isPending}
            error={add.isError ? errorMessage(add.error) : null}
            onSubmit={(values) => add.mutate(values)}
          />
        </div>
      )}
    </section>
  );
}

/**
 * Shows the setup code until the kiosk signs in, then moves on to sending it a service. The
 * kiosk's presence usually says so first; the iPad's has_been_setup (polled) is the fallback
 * when the realtime connection is down.
 */
function WaitForIpad({ token }: { token: IpadSetupToken }) {
  const navigate = useNavigate();
  const ipadId = token.ipad.unique_identifier;
  const status = useDeviceStatus(ipadId);
  const details = useQuery({ ...ipadQueries.detail(ipadId), refetchInterval: SETUP_POLL_INTERVAL_MS });
  const isReady = status.isConnected || details.data?.has_been_setup === true;

  useEffect(() => {
    if (isReady) navigate(`/ipads/${ipadId}/manage-service`);
  }, [isReady, ipadId, navigate]);

  return (
    <>
      <div className="alert alert-success" role="status">
        The iPad “{token.ipad.public_data.ipad_name}” was added. Now sign it in with the code below.
      </div>
      <SetupTokenCard token={token}>
        <p className="ipad-waiting" role="status" aria-live="polite">
          <span className="spinner ipad-spinner-sm" aria-hidden="true" /> Waiting for the iPad to connect…
        </p>
        <p className="hint">This page moves on by itself once the iPad is signed in.</p>
        <Link to={`/ipads/${ipadId}`} className="btn btn-secondary">
          Open iPad details
        </Link>
      </SetupTokenCard>
    </>
  );
}

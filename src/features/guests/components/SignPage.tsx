/** /sign/{id}: a guest signs the guest registry on their own phone. */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { CheckCircle2 } from 'lucide-react';
import { GUEST_THANK_YOU_TEXT } from '../../../contract/guests';
import { errorMessage } from '../../../lib/api/errors';
import { ErrorAlert } from '../../../ui/Alert';
import { Spinner } from '../../../ui/Spinner';
import { usePageTitle } from '../../../ui/usePageTitle';
import { DeceasedSummary } from '../../services';
import { publicServiceOptions } from '../api';
import { SERVICE_REQUIRED_TEXT } from '../model';
import { GuestShell } from './GuestShell';
import { useGuestOutboxDrain } from '../../outbox/api';

export const SAVED_OFFLINE_TEXT = 'Saved: your signature will be sent when you are back online.';
export const SENT_LATER_TEXT = 'Your signature has been sent.';
import { SignForm } from './SignForm';

export function SignPage() {
  usePageTitle('Sign the Guest Registry');
  const { serviceUniqueId = '' } = useParams();
  const query = useQuery({ ...publicServiceOptions(serviceUniqueId), enabled: Boolean(serviceUniqueId) });
  const [signed, setSigned] = useState<'sent' | 'queued' | null>(null);
  // Sends signatures saved while offline, on this visit or a later one.
  const outbox = useGuestOutboxDrain();

  return (
    <GuestShell>
      {!serviceUniqueId ? (
        <ErrorAlert message={SERVICE_REQUIRED_TEXT} />
      ) : query.isPending ? (
        <Spinner label="Loading..." />
      ) : query.isError ? (
        <ErrorAlert message={errorMessage(query.error)} onRetry={() => void query.refetch()} />
      ) : (
        <div className="guest-card card">
          <DeceasedSummary person={query.data.public_data.deceased_person} />
          {signed ? (
            <div className="thank-you" role="status">
              <CheckCircle2 size={48} aria-hidden="true" />
              <p>{GUEST_THANK_YOU_TEXT}</p>
              {signed === 'queued' && <p className="muted">{outbox.isLoaded && outbox.pending === 0 ? SENT_LATER_TEXT : SAVED_OFFLINE_TEXT}</p>}
            </div>
          ) : (
            <SignForm service={query.data} onSigned={setSigned} />
          )}
        </div>
      )}
    </GuestShell>
  );
}

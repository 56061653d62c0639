/**
 * /f/{id}?i={invitation}: the family's guest registry. The server decides what each line shows
 * (names only without a valid invitation; private and removed signatures never).
 */
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useParams, useSearchParams } from 'react-router-dom';
import { FileDown } from 'lucide-react';
import { errorMessage } from '../../../lib/api/errors';
import { ErrorAlert } from '../../../ui/Alert';
import { Spinner } from '../../../ui/Spinner';
import { usePageTitle } from '../../../ui/usePageTitle';
import { DeceasedSummary } from '../../services';
import { publicServiceOptions, registryOptions } from '../api';
import { SERVICE_LOAD_FAILED_TEXT, SERVICE_REQUIRED_TEXT } from '../model';
import { GuestShell } from './GuestShell';
import { LoadMore } from '../../../ui/LoadMore';

export function RegistryPage() {
  usePageTitle('Guest Registry');
  const { serviceUniqueId = '' } = useParams();
  const [params] = useSearchParams();
  const invitation = params.get('i');
  const service = useQuery({ ...publicServiceOptions(serviceUniqueId, invitation), enabled: Boolean(serviceUniqueId) });

  let content;
  if (!serviceUniqueId) content = <ErrorAlert message={SERVICE_REQUIRED_TEXT} />;
  else if (service.isPending) content = <Spinner label="Loading..." />;
  else if (service.isError) content = <ErrorAlert message={SERVICE_LOAD_FAILED_TEXT} onRetry={() => void service.refetch()} />;
  else {
    const pdf = service.data.public_data.latest_digital_download_pdf_url;
    content = (
      <div className="guest-card card">
        <DeceasedSummary person={service.data.public_data.deceased_person} />
        {pdf && invitation && (
          <a className="btn btn-secondary" href={pdf} target="_blank" rel="noopener noreferrer">
            <FileDown size={18} aria-hidden="true" />
            Download Guestbook PDF
          </a>
        )}
        <RegistryList serviceId={serviceUniqueId} invitation={invitation} />
      </div>
    );
  }
  return <GuestShell>{content}</GuestShell>;
}

function RegistryList({ serviceId, invitation }: { serviceId: string; invitation: string | null }) {
  const query = useInfiniteQuery(registryOptions(serviceId, invitation));
  if (query.isPending) return <Spinner label="Loading signatures..." />;
  if (query.isError && !query.data) return <ErrorAlert message={errorMessage(query.error)} onRetry={() => void query.refetch()} />;
  const signatures = query.data?.pages.flatMap((p) => p.signatures) ?? [];
  const total = query.data?.pages[0]?.signatures_count ?? 0;
  return (
    <section className="registry" aria-labelledby="registry-heading">
      <h2 id="registry-heading">Guest Registry</h2>
      <p className="muted registry-count">
        {total} {total === 1 ? 'signature' : 'signatures'}
      </p>
      {signatures.length === 0 ? (
        <p className="empty">No one has signed the guest registry yet.</p>
      ) : (
        <ul className="registry-list">
          {signatures.map((s) => (
            <li key={s.unique_identifier}>
              <strong>{s.name}</strong>
              {s.phone_number && <span>{s.phone_number}</span>}
              {s.email_address && <span className="break-all">{s.email_address}</span>}
            </li>
          ))}
        </ul>
      )}
      <LoadMore query={query} />
    </section>
  );
}

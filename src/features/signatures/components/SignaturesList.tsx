/**
 * The signatures list, across the account (or all accounts) or inside one service: the
 * pre-need switch, the CSV export, 50 rows a page and the row's modal.
 */
import { useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { FileSpreadsheet } from 'lucide-react';
import { errorMessage } from '../../../lib/api/errors';
import { ErrorAlert } from '../../../ui/Alert';
import { Spinner } from '../../../ui/Spinner';
import { useSession } from '../../auth/AuthProvider';
import { downloadSignaturesCsv, signaturesListOptions, type SignatureScope } from '../api';
import { pageTotal, signaturesHeading } from '../model';
import { usePreNeedFilter } from '../usePreNeedFilter';
import { useLiveSignatures } from '../useLiveSignatures';
import { SignatureModal } from './SignatureModal';
import { SignatureRow } from './SignatureRow';
import { LoadMore } from '../../../ui/LoadMore';

export function SignaturesList({ serviceId, headingLevel = 1 }: { serviceId: SignatureScope; headingLevel?: 1 | 2 }) {
  const { user, viewingAllAccounts } = useSession();
  const [onlyPreNeed, setOnlyPreNeed] = usePreNeedFilter();
  const query = useInfiniteQuery(signaturesListOptions(serviceId, onlyPreNeed));
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [csvBusy, setCsvBusy] = useState(false);
  const [csvError, setCsvError] = useState<string | null>(null);
  useLiveSignatures();

  const signatures = query.data?.pages.flatMap((p) => p.signatures) ?? [];
  const total = pageTotal(query.data?.pages[0]);
  const selected = signatures.find((s) => s.unique_identifier === selectedId) ?? null;
  const showAccount = viewingAllAccounts && !serviceId;
  const showActions = user.is_superuser;
  const Heading = headingLevel === 1 ? 'h1' : 'h2';

  const exportCsv = async () => {
    setCsvError(null);
    setCsvBusy(true);
    try {
      await downloadSignaturesCsv(serviceId, onlyPreNeed);
    } catch (err) {
      setCsvError(errorMessage(err));
    } finally {
      setCsvBusy(false);
    }
  };

  return (
    <section aria-labelledby="signatures-heading" className="signatures-list">
      <div className="page-header">
        <Heading id="signatures-heading">{signaturesHeading(total)}</Heading>
        <div className="row">
          <label className="switch">
            <input type="checkbox" role="switch" checked={onlyPreNeed} onChange={(e) => setOnlyPreNeed(e.target.checked)} />
            <span className="switch-track" aria-hidden="true" />
            Only Pre-Need Items
          </label>
          <button type="button" className="btn btn-secondary" onClick={() => void exportCsv()} disabled={csvBusy}>
            <FileSpreadsheet size={18} aria-hidden="true" />
            {csvBusy ? 'Preparing CSV...' : 'Download to CSV'}
          </button>
        </div>
      </div>
      {csvError && <ErrorAlert message={csvError} onRetry={() => void exportCsv()} />}
      {query.isPending ? (
        <Spinner label="Loading signatures..." />
      ) : query.isError && signatures.length === 0 ? (
        <ErrorAlert message={errorMessage(query.error)} onRetry={() => void query.refetch()} />
      ) : signatures.length === 0 ? (
        <div className="card empty">
          <p>No signatures have been created.</p>
        </div>
      ) : (
        <>
          <div className="table-wrap">
            <table className="table signatures-table">
              <thead>
                <tr>
                  <th scope="col">Signature</th>
                  <th scope="col">Type</th>
                  <th scope="col">Pre-Need?</th>
                  <th scope="col">Synced?</th>
                  <th scope="col">Deceased Name</th>
                  <th scope="col">iPad</th>
                  {showAccount && <th scope="col">Account</th>}
                  <th scope="col">Created</th>
                  {showActions && <th scope="col">Actions</th>}
                </tr>
              </thead>
              <tbody>
                {signatures.map((s) => (
                  <SignatureRow key={s.unique_identifier} signature={s} showAccount={showAccount} showActions={showActions} onOpen={() => setSelectedId(s.unique_identifier)} />
                ))}
              </tbody>
            </table>
          </div>
          <LoadMore query={query} />
        </>
      )}
      {selected && <SignatureModal signature={selected} isSuperuser={user.is_superuser} onClose={() => setSelectedId(null)} />}
    </section>
  );
}

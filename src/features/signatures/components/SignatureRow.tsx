/** One row of the signatures table; clicking it (or Enter on it) opens the signature's modal. */
import { useState, type KeyboardEvent, type MouseEvent } from 'react';
import { Link } from 'react-router-dom';
import { Brush, RefreshCw, Share2, Smartphone } from 'lucide-react';
import { isQrSignature, type Signature } from '../../../contract/signatures';
import { errorMessage } from '../../../lib/api/errors';
import { RelativeTime } from '../../../ui/RelativeTime';
import { useRetranscribe, useSyncWithBridge } from '../api';
import { isWaitingForTranscription, signatureLabel } from '../model';

interface Props {
  signature: Signature;
  showAccount: boolean;
  showActions: boolean;
  onOpen: () => void;
}

/** Clicks on links and buttons inside the row do their own thing. */
const fromControl = (target: EventTarget) => target instanceof Element && target.closest('a, button, input') !== null;

export function SignatureRow({ signature: s, showAccount, showActions, onOpen }: Props) {
  const isQr = isQrSignature(s);
  const label = signatureLabel(s);
  const waiting = isWaitingForTranscription(s);
  const onClick = (e: MouseEvent) => {
    if (!fromControl(e.target)) onOpen();
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.target === e.currentTarget && (e.key === 'Enter' || e.key === ' ')) {
      e.preventDefault();
      onOpen();
    }
  };
  return (
    <tr className="clickable" tabIndex={0} onClick={onClick} onKeyDown={onKeyDown}>
      <td>
        {!isQr && s.public_data.raw_signature_url ? (
          <div className="signature-cell">
            <img src={s.public_data.raw_signature_url} alt="" className="signature-thumb" loading="lazy" />
            <span className={waiting ? 'muted' : undefined}>{label}</span>
          </div>
        ) : (
          <span className={waiting ? 'muted' : undefined}>{label}</span>
        )}
      </td>
      <td>
        {isQr ? <Smartphone size={20} role="img" aria-label="QR Code" /> : <Brush size={20} role="img" aria-label="iPad" />}
      </td>
      <td>{s.is_pre_need ? 'Yes' : 'No'}</td>
      <td>
        <span className={`dot${s.public_data.bridge_sync?.synced ? ' on' : ''}`} role="img" aria-label={s.public_data.bridge_sync?.synced ? 'Synced' : 'Not synced'} />
      </td>
      <td>
        <Link to={`/services/${s.service.unique_identifier}/signatures`}>{s.service.public_data.deceased_person.full_name}</Link>
      </td>
      <td>{s.created_by_ipad?.public_data.ipad_name ?? '—'}</td>
      {showAccount && <td>{s.service.account.name}</td>}
      <td>
        <RelativeTime iso={s.inserted_at} />
      </td>
      {showActions && (
        <td>
          <RowActions signature={s} />
        </td>
      )}
    </tr>
  );
}

/** Operator actions: redo an iPad transcription, push a QR signature to the bridge. */
function RowActions({ signature }: { signature: Signature }) {
  const retranscribe = useRetranscribe();
  const sync = useSyncWithBridge();
  const [message, setMessage] = useState<string | null>(null);
  const isQr = isQrSignature(signature);
  const id = signature.unique_identifier;
  const run = (mutation: typeof retranscribe, done: string) =>
    mutation.mutate({ id, vars: undefined }, { onSuccess: () => setMessage(done), onError: (err) => setMessage(errorMessage(err)) });
  return (
    <div className="stack-tight">
      <div className="row">
        {isQr ? (
          <button type="button" className="btn btn-secondary btn-sm" aria-label="Sync" title="Sync with the bridge" disabled={sync.isPending} onClick={() => run(sync, 'Sync requested.')}>
            <Share2 size={16} aria-hidden="true" />
            <span className="action-label">{sync.isPending ? 'Syncing...' : 'Sync'}</span>
          </button>
        ) : (
          <button type="button" className="btn btn-secondary btn-sm" aria-label="Retranscribe" title="Retranscribe" disabled={retranscribe.isPending} onClick={() => run(retranscribe, 'Retranscription queued.')}>
            <RefreshCw size={16} aria-hidden="true" />
            <span className="action-label">{retranscribe.isPending ? 'Retranscribing...' : 'Retranscribe'}</span>
          </button>
        )}
      </div>
      <span className="hint" aria-live="polite">
        {message}
      </span>
    </div>
  );
}

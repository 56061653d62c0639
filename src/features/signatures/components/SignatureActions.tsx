/** Actions both signature modals offer: leave out of printed material, and remove (confirmed). */
import { useState } from 'react';
import type { Signature } from '../../../contract/signatures';
import { errorMessage } from '../../../lib/api/errors';
import { useRemoveSignature, useUpdateLeaveOut } from '../api';

export function LeaveOutToggle({ signature }: { signature: Signature }) {
  const update = useUpdateLeaveOut();
  const [error, setError] = useState<string | null>(null);
  // What was asked for, shown from the click on (the mutation reports pending a tick later,
  // and a controlled checkbox would flick back meanwhile); the saved signature then takes over.
  const [requested, setRequested] = useState<boolean | null>(null);
  const on = requested ?? signature.leave_signature_out_of_printed_pdf_and_books;
  return (
    <div className="stack-tight">
      <label className="switch">
        <input
          type="checkbox"
          role="switch"
          checked={on}
          disabled={requested !== null}
          onChange={(e) => {
            setError(null);
            setRequested(e.target.checked);
            update.mutate(
              { id: signature.unique_identifier, vars: e.target.checked },
              { onError: (err) => setError(errorMessage(err)), onSettled: () => setRequested(null) },
            );
          }}
        />
        <span className="switch-track" aria-hidden="true" />
        Leave out of printed PDFs and books
      </label>
      <span className="hint" aria-live="polite">
        {requested !== null ? 'Saving...' : on ? 'This signature is hidden from the family registry, printed PDFs and books.' : null}
      </span>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

export function RemoveSignature({ signature, onRemoved }: { signature: Signature; onRemoved: () => void }) {
  const remove = useRemoveSignature();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!confirming) {
    return (
      <button type="button" className="btn btn-secondary danger-text" onClick={() => setConfirming(true)}>
        Remove Signature
      </button>
    );
  }
  return (
    <div className="confirm-box" role="group" aria-labelledby="remove-confirm-text">
      <p id="remove-confirm-text">Are you sure you want to remove this signature? It will no longer appear anywhere.</p>
      <div className="row">
        <button type="button" className="btn btn-secondary" onClick={() => setConfirming(false)} disabled={remove.isPending} autoFocus>
          Cancel
        </button>
        <button
          type="button"
          className="btn btn-danger"
          disabled={remove.isPending}
          onClick={() => {
            setError(null);
            remove.mutate(signature, { onSuccess: onRemoved, onError: (err) => setError(errorMessage(err)) });
          }}
        >
          {remove.isPending ? 'Removing...' : 'Yes, Remove Signature'}
        </button>
      </div>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

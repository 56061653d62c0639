import { useEffect, useState } from 'react';
import { applyWaitingUpdate, onUpdateAvailable, updateAvailable } from '../../lib/pwa/register';

/** Offers a new version of the app; staff choose the moment (nothing they typed is lost). */
export function UpdateBanner() {
  const [available, setAvailable] = useState(updateAvailable);
  useEffect(() => onUpdateAvailable(() => setAvailable(true)), []);
  if (!available) return null;
  return (
    <div className="alert alert-info" role="status" style={{ marginBottom: '1rem' }}>
      <span>A new version of Signature Guestbook is ready.</span>
      <button type="button" className="btn btn-primary btn-sm" onClick={applyWaitingUpdate}>
        Reload to update
      </button>
    </div>
  );
}
